/**
 * The membership cycle, in one place: a cycle's end, the renewal (pre-debit notice, then a charge at least 24 hours
 * later, checked until it settles, retried after a failure), the money rules a settled charge follows, and the
 * timers all of it needs. Free of I/O; the payments service's `advanceMembership` applies these decisions, and both
 * workflow drivers apply the timer plan. The durations are payments settings (MEMBERSHIP_PERIOD_SECONDS,
 * RENEWAL_LEAD_SECONDS, RENEWAL_NOTICE_TO_CHARGE_SECONDS, RENEWAL_RETRY_SECONDS, RENEWAL_MAX_ATTEMPTS,
 * RENEWAL_CHECK_DELAY_SECONDS, RENEWAL_MAX_CHECKS), read into plans by `membershipPlanOf` and `chargeCheckPlanOf`.
 */
// The India-time module alone: the Temporal workflow bundle takes this file, and needs none of the schemas.
import { indianCalendar, indianMidnightOf } from '@elts/contracts/india-time';
import type { SettlementOutcome } from './payment-timeout.js';
import { STEP, type StepChange } from './timers.js';

export interface MembershipPlan {
  /** Length of a cycle; unset means one calendar year in India. */
  periodSeconds?: number;
  /** How long before the cycle's end the renewal starts (the notice goes out then). */
  renewalLeadSeconds: number;
  /** Between the notice and the charge: at least 24 hours by RBI's rules, 25 for Cashfree's. */
  noticeToChargeSeconds: number;
  /** Between a failed charge and the next try. */
  retryIntervalSeconds: number;
  /** Charges per cycle, the first included. */
  maxChargeAttempts: number;
}

export const DEFAULT_MEMBERSHIP_PLAN: MembershipPlan = {
  // Long enough for the notice, the charge and two retries (each with its own notice) before the cycle ends.
  renewalLeadSeconds: 6 * 24 * 3600,
  noticeToChargeSeconds: 25 * 3600,
  retryIntervalSeconds: 24 * 3600,
  maxChargeAttempts: 3,
};

/** How a raised renewal charge is followed: first asked about after a delay, then every recheck until it settles. */
export interface ChargeCheckPlan {
  firstCheckDelaySeconds: number;
  recheckSeconds: number;
  maxChecks: number;
}

export const DEFAULT_CHARGE_CHECK_PLAN: Omit<ChargeCheckPlan, 'firstCheckDelaySeconds'> = {
  recheckSeconds: 3600,
  // Three days of hourly checks: a UPI AutoPay debit settles within a day or two.
  maxChecks: 72,
};

/** The payments settings the cycle's durations come from (tests and demonstrations shorten them). */
export interface MembershipSettings {
  MEMBERSHIP_PERIOD_SECONDS?: number | undefined;
  RENEWAL_LEAD_SECONDS: number;
  RENEWAL_NOTICE_TO_CHARGE_SECONDS: number;
  RENEWAL_RETRY_SECONDS: number;
  RENEWAL_MAX_ATTEMPTS: number;
  RENEWAL_CHECK_DELAY_SECONDS: number;
  /** Unset: `DEFAULT_CHARGE_CHECK_PLAN.maxChecks`. */
  RENEWAL_MAX_CHECKS?: number | undefined;
}

export function membershipPlanOf(settings: Omit<MembershipSettings, 'RENEWAL_CHECK_DELAY_SECONDS' | 'RENEWAL_MAX_CHECKS'>): MembershipPlan {
  return {
    ...DEFAULT_MEMBERSHIP_PLAN,
    ...(settings.MEMBERSHIP_PERIOD_SECONDS ? { periodSeconds: settings.MEMBERSHIP_PERIOD_SECONDS } : {}),
    renewalLeadSeconds: settings.RENEWAL_LEAD_SECONDS,
    noticeToChargeSeconds: settings.RENEWAL_NOTICE_TO_CHARGE_SECONDS,
    retryIntervalSeconds: settings.RENEWAL_RETRY_SECONDS,
    maxChargeAttempts: settings.RENEWAL_MAX_ATTEMPTS,
  };
}

export function chargeCheckPlanOf(
  settings: Pick<MembershipSettings, 'RENEWAL_CHECK_DELAY_SECONDS' | 'RENEWAL_MAX_CHECKS'>,
): ChargeCheckPlan {
  return {
    ...DEFAULT_CHARGE_CHECK_PLAN,
    firstCheckDelaySeconds: settings.RENEWAL_CHECK_DELAY_SECONDS,
    ...(settings.RENEWAL_MAX_CHECKS ? { maxChecks: settings.RENEWAL_MAX_CHECKS } : {}),
  };
}

/** The end of a cycle that starts at `start`: the same Indian calendar date a year later (29 Feb becomes 28 Feb). */
export function cycleEnd(start: Date, plan: Pick<MembershipPlan, 'periodSeconds'>): Date {
  if (plan.periodSeconds) return new Date(start.getTime() + plan.periodSeconds * 1000);
  const { year, month, day } = indianCalendar(start);
  // The month's last day when the date does not exist next year; the same time of day in India as the start.
  const lastDay = indianCalendar(new Date(indianMidnightOf(year + 1, month + 1, 1).getTime() - 1)).day;
  const sinceMidnight = start.getTime() - indianMidnightOf(year, month, day).getTime();
  return new Date(indianMidnightOf(year + 1, month, Math.min(day, lastDay)).getTime() + sinceMidnight);
}

/** When the renewal of a cycle ending at `end` starts; never in the past. */
export function renewalStart(end: Date, now: Date, plan: MembershipPlan): Date {
  return new Date(Math.max(now.getTime(), end.getTime() - plan.renewalLeadSeconds * 1000));
}

/** The charge follows its notice by at least the notice period. */
export function chargeDate(noticeSentAt: Date, plan: MembershipPlan): Date {
  return new Date(noticeSentAt.getTime() + plan.noticeToChargeSeconds * 1000);
}

/** RBI's rule for e-mandates: the pre-debit notice reaches the member at least 24 hours before the debit. */
export const MIN_NOTICE_TO_CHARGE_SECONDS = 24 * 3600;

/**
 * Whether a renewal charge that the gateway may debit as late as `latestDebitAt` belongs to the cycle ending at
 * `cycleEndsAt`. A charge that could land after the end would pay for a year that may already be over (the
 * membership expired, the member moved on), so it is not raised at all: the renewal gives up and the cycle ends.
 */
export function chargeFitsCycle(latestDebitAt: Date, cycleEndsAt: Date): boolean {
  return latestDebitAt.getTime() <= cycleEndsAt.getTime();
}

/** After a failed charge: try again later, or give up and let the cycle end. */
export function afterFailedCharge(attempt: number, failedAt: Date, plan: MembershipPlan): { retryAt: Date } | 'give_up' {
  if (attempt >= plan.maxChargeAttempts) return 'give_up';
  return { retryAt: new Date(failedAt.getTime() + plan.retryIntervalSeconds * 1000) };
}

/** Our id of a renewal charge: one per subscription, cycle and attempt, so repeating a step never charges twice. */
export function renewalPaymentId(subscriptionId: string, cycle: number, attempt: number): string {
  return `${subscriptionId}-C${cycle}-A${attempt}`;
}

/** The subscription, cycle and attempt a renewal charge's id names (see `renewalPaymentId`). */
export function renewalChargeOf(paymentId: string): { subscriptionId: string; cycle: number; attempt: number } | undefined {
  const match = /^(.+)-C(\d+)-A(\d+)$/.exec(paymentId);
  return match ? { subscriptionId: match[1] as string, cycle: Number(match[2]), attempt: Number(match[3]) } : undefined;
}

export type MembershipStatus = 'pending' | 'active' | 'expired' | 'failed' | 'cancelled' | 'revoked';

/** A membership as the cycle's decisions need it. */
export interface CycleState {
  status: MembershipStatus;
  autoRenewal: boolean;
  cycle: number;
  endDate: Date | null;
}

/** Renewing makes sense only for a live membership whose member wants it. */
export function shouldRenew(status: MembershipStatus, autoRenewal: boolean): boolean {
  return status === 'active' && autoRenewal;
}

/** Whether the member still wants the cycle's renewal charge taken: that cycle is running and auto-renewal is on. */
export function wantsRenewal(state: CycleState, cycle: number): boolean {
  return state.cycle === cycle && shouldRenew(state.status, state.autoRenewal);
}

export type RenewalVerdict = 'renew' | 'already_renewed' | 'refund';

/**
 * What a renewal charge that took the member's money does. It renews only the cycle it was raised for, only while
 * that cycle is still running in our records (not expired, cancelled or revoked) and only if the member still wants
 * it (auto-renewal on now, not just when the charge was raised). Anything else is refunded in full: an expired
 * membership is not brought back by a late charge (docs/decisions/0032-renewal-money-rules.md).
 */
export function renewalVerdict(state: CycleState, forCycle: number, alreadyRenewedByIt: boolean): RenewalVerdict {
  if (alreadyRenewedByIt) return 'already_renewed';
  if (!state.endDate || !wantsRenewal(state, forCycle)) return 'refund';
  return 'renew';
}

/**
 * The attempt a renewal switched back on starts with: the one after the cycle's last, while attempts remain. None
 * while a charge of the cycle is still open or has paid (`lastAttempt` null): that charge decides the cycle.
 */
export function nextRenewalAttempt(lastAttempt: number | null, plan: Pick<MembershipPlan, 'maxChargeAttempts'>): number | null {
  if (lastAttempt === null) return null;
  const next = lastAttempt + 1;
  return next <= plan.maxChargeAttempts ? next : null;
}

// The timer plan. Keys: `<subscription>:c<cycle>` for the expiry, `<subscription>:c<cycle>:a<attempt>` for a renewal
// attempt, so ending a membership cancels all of its steps by prefix; `<payment>:k<check>` for a charge's checks.

const renewalStep = (subscriptionId: string, cycle: number, attempt: number, dueAt: Date, onlyIfAbsent: boolean): StepChange => ({
  op: 'schedule',
  type: STEP.renewal,
  key: `${subscriptionId}:c${cycle}:a${attempt}`,
  dueAt,
  payload: { subscriptionId, cycle, attempt },
  onlyIfAbsent,
});

/** A cycle began: it expires at its end unless renewed, and the renewal (notice first) starts ahead of the end. */
export function membershipCycleStartedSteps(
  cycle: { subscriptionId: string; cycle: number; endDate: Date; autoRenewal: boolean },
  now: Date,
  plan: MembershipPlan,
): StepChange[] {
  const { subscriptionId, endDate } = cycle;
  const changes: StepChange[] = [
    {
      op: 'schedule',
      type: STEP.expiry,
      key: `${subscriptionId}:c${cycle.cycle}`,
      dueAt: endDate,
      payload: { subscriptionId, cycle: cycle.cycle },
      onlyIfAbsent: true,
    },
  ];
  if (cycle.autoRenewal) changes.push(renewalStep(subscriptionId, cycle.cycle, 1, renewalStart(endDate, now, plan), true));
  return changes;
}

export function renewalChargeRaisedSteps(charge: { paymentId: string; chargeOn: Date }, plan: ChargeCheckPlan): StepChange[] {
  return [
    {
      op: 'schedule',
      type: STEP.chargeCheck,
      key: `${charge.paymentId}:k1`,
      dueAt: new Date(charge.chargeOn.getTime() + plan.firstCheckDelaySeconds * 1000),
      payload: { paymentId: charge.paymentId, check: 1 },
      onlyIfAbsent: true,
    },
  ];
}

/** After asking about a raised charge: ask again later while the gateway has no answer, up to the last check. */
export function chargeCheckFollowUp(
  check: { paymentId: string; check: number },
  outcome: SettlementOutcome,
  now: Date,
  plan: ChargeCheckPlan,
): StepChange[] {
  if (outcome !== 'unchanged' || check.check >= plan.maxChecks) return [];
  const next = check.check + 1;
  return [
    {
      op: 'schedule',
      type: STEP.chargeCheck,
      key: `${check.paymentId}:k${next}`,
      dueAt: new Date(now.getTime() + plan.recheckSeconds * 1000),
      payload: { paymentId: check.paymentId, check: next },
    },
  ];
}

export function renewalRetryDueSteps(retry: { subscriptionId: string; cycle: number; attempt: number; at: Date }): StepChange[] {
  return [renewalStep(retry.subscriptionId, retry.cycle, retry.attempt, retry.at, true)];
}

/** Expiry, cancellation or revocation: nothing more happens to the subscription. */
export function membershipEndedSteps(subscriptionId: string): StepChange[] {
  return [{ op: 'cancelByPrefix', prefix: `${subscriptionId}:` }];
}

/**
 * The auto-renewal toggle. Off drops the cycle's pending renewal steps (a charge already raised is called off by
 * the payments service, at the gateway). On schedules renewal attempt `nextAttempt` again, unless the cycle has no
 * end yet (the membership is not active) or there is no attempt to make (`nextAttempt` null: a charge of the cycle
 * is still open or has paid, or its attempts are used up).
 */
export function autoRenewalChangedSteps(
  subscription: { subscriptionId: string; cycle: number; endDate: Date | null; autoRenewal: boolean },
  nextAttempt: number | null,
  now: Date,
  plan: MembershipPlan,
): StepChange[] {
  const { subscriptionId, cycle, endDate } = subscription;
  if (!subscription.autoRenewal) return [{ op: 'cancelByPrefix', prefix: `${subscriptionId}:c${cycle}:`, types: [STEP.renewal] }];
  if (!endDate || cycle === 0 || nextAttempt === null) return [];
  return [renewalStep(subscriptionId, cycle, nextAttempt, renewalStart(endDate, now, plan), false)];
}
