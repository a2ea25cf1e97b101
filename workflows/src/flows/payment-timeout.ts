/**
 * The payment timeout, in one place: how long a checkout payment may stay open, what each trigger does to it, and
 * the timer it needs. Free of I/O; the payments service's `advancePayment` applies these decisions, and both
 * workflow drivers apply the timer plan.
 *
 * How long: PAYMENT_TIMEOUT_SECONDS after it started (default 900, 15 minutes) the gateway is asked once more and a
 * payment still unsettled fails by itself (`auto_failed`). The setting is defined in `@elts/contracts`
 * (`paymentTimeoutSettings`, payment-at-risk.ts) beside PAYMENT_AT_RISK_SECONDS, because the back office reads
 * "at risk" from a payment's age against both (decision 0043): being at risk is a reading, not a step of this flow.
 * A renewal charge has no timeout: the bank settles it on its own clock. A settlement that arrives after the failure
 * is reconciled, never lost.
 */
import type { PaymentTimeouts } from '@elts/contracts';
import { STEP, type StepChange } from './timers.js';

export type PaymentPhase = 'pending' | 'processing' | 'success' | 'failed';
export type GatewayVerdict = 'paid' | 'declined' | 'unsettled';

/** What an advance did to a payment (a renewal charge's check plans its next check by it). */
export type SettlementOutcome = 'succeeded' | 'succeeded_late' | 'failed' | 'unchanged';

/** When a payment started at `createdAt` times out. */
export function paymentDeadline(createdAt: Date, plan: PaymentTimeouts): Date {
  return new Date(createdAt.getTime() + plan.timeoutAfterSeconds * 1000);
}

/** The timeout in whole minutes, as the failure reason says it ("Payment timed out after 15 minutes"). */
export function timeoutMinutes(plan: PaymentTimeouts): number {
  return Math.round(plan.timeoutAfterSeconds / 60);
}

/**
 * What moves a payment on. Every entry point names its trigger and calls the same advance, which re-reads the
 * payment and decides here, so any of them may come twice, late, or in any order.
 * - `gateway`: a webhook, the member's status poll, reconciliation of a pending payment, a renewal charge's check.
 *   A webhook is only a hint: the gateway is asked, and its word applied.
 * - `deadline`: the timer's deadline, or reconciliation finding it passed.
 */
export type PaymentTrigger = 'gateway' | 'deadline';

const unsettled = (phase: PaymentPhase) => phase === 'pending' || phase === 'processing';

/**
 * Whether the trigger asks the gateway. A settled payment is still asked about on a `gateway` trigger: its money may
 * have arrived after it failed. A deadline asks only about a payment still open.
 */
export function asksGateway(phase: PaymentPhase, trigger: PaymentTrigger): boolean {
  return trigger === 'gateway' || unsettled(phase);
}

export type PaymentMove = 'succeed' | 'succeed_late' | 'fail_declined' | 'fail_timed_out' | 'mark_processing' | 'nothing';

/**
 * With the gateway's word: its verdict decides; at the deadline, silence (or no answer at all) fails the payment as
 * timed out. A success for a payment already failed is recorded late rather than lost: the money was taken.
 * `attempted`: the payer has started (an attempt is pending), which the spec shows as processing.
 */
export function afterAsking(
  phase: PaymentPhase,
  trigger: PaymentTrigger,
  reading: { verdict: GatewayVerdict; attempted?: boolean },
): PaymentMove {
  if (reading.verdict === 'paid') {
    if (phase === 'success') return 'nothing';
    return phase === 'failed' ? 'succeed_late' : 'succeed';
  }
  if (!unsettled(phase)) return 'nothing';
  if (reading.verdict === 'declined') return 'fail_declined';
  if (trigger === 'deadline') return 'fail_timed_out';
  return reading.attempted && phase === 'pending' ? 'mark_processing' : 'nothing';
}

/** The timer of a started payment: its deadline (none for a renewal charge). */
export function paymentStartedSteps(payment: { paymentId: string; timeoutAt: Date | null }): StepChange[] {
  const { paymentId, timeoutAt } = payment;
  if (!timeoutAt) return [];
  return [{ op: 'schedule', type: STEP.timeout, key: paymentId, dueAt: timeoutAt, payload: { paymentId }, onlyIfAbsent: true }];
}

/** A settlement ends the payment's timeout early. */
export function paymentSettledSteps(paymentId: string): StepChange[] {
  return [{ op: 'cancel', type: STEP.timeout, key: paymentId }];
}
