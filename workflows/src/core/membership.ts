/**
 * The membership workflow's decisions, free of I/O: when a cycle ends, when the renewal's pre-debit notice goes out
 * (at least 24 hours before the charge), when a failed renewal charge is tried again, and when it stops.
 */

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

const IST_OFFSET_MS = 330 * 60_000;

/** The end of a cycle that starts at `start`: the same Indian calendar date a year later (29 Feb becomes 28 Feb). */
export function cycleEnd(start: Date, plan: Pick<MembershipPlan, 'periodSeconds'>): Date {
  if (plan.periodSeconds) return new Date(start.getTime() + plan.periodSeconds * 1000);
  const india = new Date(start.getTime() + IST_OFFSET_MS);
  const year = india.getUTCFullYear() + 1;
  const month = india.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(india.getUTCDate(), lastDay);
  const next = Date.UTC(year, month, day, india.getUTCHours(), india.getUTCMinutes(), india.getUTCSeconds(), india.getUTCMilliseconds());
  return new Date(next - IST_OFFSET_MS);
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

export type MembershipStatus = 'pending' | 'active' | 'expired' | 'failed' | 'cancelled' | 'revoked';

/** Renewing makes sense only for a live membership whose member wants it. */
export function shouldRenew(status: MembershipStatus, autoRenewal: boolean): boolean {
  return status === 'active' && autoRenewal;
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
