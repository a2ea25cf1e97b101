import { z } from 'zod';

/**
 * The one rule for "at risk" (decision 0043): a payment is at risk of timing out while it is unsettled, can time
 * out, and has been open from PAYMENT_AT_RISK_SECONDS until PAYMENT_TIMEOUT_SECONDS. The back office's payment list,
 * its Timeouts page and its recommendations all follow it, with the thresholds payments times payments out by, so
 * shortening a setting moves every screen with the workflow.
 */
export interface PaymentTimeouts {
  /** From this age an unsettled payment is at risk (PAYMENT_AT_RISK_SECONDS). */
  atRiskAfterSeconds: number;
  /** At this age its timeout fails it (PAYMENT_TIMEOUT_SECONDS): from then it is not "about to" time out. */
  timeoutAfterSeconds: number;
}

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * The settings behind the rule, read by payments (which times payments out) and by admin-bff (which reports them):
 * one definition, so both processes parse the same variables to the same defaults, the spec's 12 and 15 minutes.
 */
export const paymentTimeoutSettings = {
  PAYMENT_AT_RISK_SECONDS: seconds(720),
  PAYMENT_TIMEOUT_SECONDS: seconds(900),
};

type TimeoutSettings = { PAYMENT_AT_RISK_SECONDS: number; PAYMENT_TIMEOUT_SECONDS: number };

/** A refinement for a settings schema holding `paymentTimeoutSettings`: the at-risk mark must come before the timeout. */
export const atRiskBeforeTimeout: [(settings: TimeoutSettings) => boolean, { path: string[]; message: string }] = [
  (settings) => settings.PAYMENT_AT_RISK_SECONDS < settings.PAYMENT_TIMEOUT_SECONDS,
  { path: ['PAYMENT_AT_RISK_SECONDS'], message: 'must be less than PAYMENT_TIMEOUT_SECONDS' },
];

export function paymentTimeoutsOf(settings: TimeoutSettings): PaymentTimeouts {
  return { atRiskAfterSeconds: settings.PAYMENT_AT_RISK_SECONDS, timeoutAfterSeconds: settings.PAYMENT_TIMEOUT_SECONDS };
}

/** The statuses of a payment still waiting for its money. */
export const UNSETTLED_PAYMENT_STATUSES = ['pending', 'processing'] as const;

/**
 * Purposes whose payments never time out: a renewal charge is a UPI AutoPay debit the bank settles on its own clock,
 * pending for a day or more by design, so it is never at risk of timing out; a refund is settled by the gateway in
 * days, and nobody is waiting at a checkout for it.
 */
export const PURPOSES_WITHOUT_TIMEOUT = ['renewal', 'refund'] as const;

/**
 * The creation times of payments at risk at `now`: after `createdAfter` (younger than the timeout) and at or before
 * `createdBy` (at least as old as the at-risk mark). SQL filters by this range where it cannot call the rule.
 */
export function atRiskCreationWindow(now: Date, timeouts: PaymentTimeouts): { createdAfter: Date; createdBy: Date } {
  return {
    createdAfter: new Date(now.getTime() - timeouts.timeoutAfterSeconds * 1000),
    createdBy: new Date(now.getTime() - timeouts.atRiskAfterSeconds * 1000),
  };
}

export interface PaymentForRisk {
  status: string;
  /** What the money is for (PaymentInitiated's purpose): membership, renewal or product_order. */
  purpose: string;
  createdAt: Date | string;
}

export function isPaymentAtRisk(payment: PaymentForRisk, now: Date, timeouts: PaymentTimeouts): boolean {
  if (!(UNSETTLED_PAYMENT_STATUSES as readonly string[]).includes(payment.status)) return false;
  if ((PURPOSES_WITHOUT_TIMEOUT as readonly string[]).includes(payment.purpose)) return false;
  const created = new Date(payment.createdAt).getTime();
  const { createdAfter, createdBy } = atRiskCreationWindow(now, timeouts);
  return created > createdAfter.getTime() && created <= createdBy.getTime();
}
