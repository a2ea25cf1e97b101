/**
 * What each workflow event schedules or cancels, free of I/O. Both drivers apply these plans: the embedded driver
 * as rows of its timers table, Temporal as timers inside the payment's or the subscription's workflow. A step is
 * (type, key) due at a time; keys carry the payment, cycle and attempt, so a step is scheduled once per attempt.
 */
import { type MembershipPlan, renewalStart } from './membership.js';

export const STEP = {
  atRisk: 'payment.at-risk',
  timeout: 'payment.timeout',
  renewal: 'membership.renewal',
  chargeCheck: 'membership.charge-check',
  expiry: 'membership.expiry',
  reconcile: 'payments.reconcile',
} as const;

export type StepType = (typeof STEP)[keyof typeof STEP];

export type StepChange =
  | { op: 'schedule'; type: StepType; key: string; dueAt: Date; payload: Record<string, unknown>; onlyIfAbsent?: boolean }
  | { op: 'cancel'; type: StepType; key: string }
  | { op: 'cancelByPrefix'; prefix: string; types?: StepType[] };

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

export function paymentStartedSteps(payment: { paymentId: string; atRiskAt: Date | null; timeoutAt: Date | null }): StepChange[] {
  const { paymentId } = payment;
  const changes: StepChange[] = [];
  if (payment.atRiskAt)
    changes.push({
      op: 'schedule',
      type: STEP.atRisk,
      key: paymentId,
      dueAt: payment.atRiskAt,
      payload: { paymentId },
      onlyIfAbsent: true,
    });
  if (payment.timeoutAt)
    changes.push({
      op: 'schedule',
      type: STEP.timeout,
      key: paymentId,
      dueAt: payment.timeoutAt,
      payload: { paymentId },
      onlyIfAbsent: true,
    });
  return changes;
}

/** A settlement ends the payment's timeout early. */
export function paymentSettledSteps(paymentId: string): StepChange[] {
  return [
    { op: 'cancel', type: STEP.atRisk, key: paymentId },
    { op: 'cancel', type: STEP.timeout, key: paymentId },
  ];
}

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
  outcome: 'succeeded' | 'succeeded_late' | 'failed' | 'unchanged',
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
