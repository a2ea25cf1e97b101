import { randomBytes } from 'node:crypto';
import { countOf } from '@elts/contracts';
import { retryOnConcurrency, type StoredEvent } from '@elts/platform';
import { lateVerdictDecision, timeoutDecision, timeoutMinutes, timeoutSchedule } from '@elts/workflows';
import {
  decideAtRisk,
  decideFailure,
  decideProcessing,
  decideSuccess,
  foldPayment,
  type PaymentState,
  type Purpose,
  paymentStream,
} from '../domain/payment.js';
import { type PaymentsContext, record } from './context.js';
import { type GatewayReading, readGateway } from './gateway-reading.js';

export const newPaymentId = () => `PAY-${randomBytes(8).toString('hex').toUpperCase()}`;

export interface NewPayment {
  paymentId: string;
  orderId: string;
  memberId: string;
  amountPaise: number;
  paymentType: 'subscription' | 'product_order';
  purpose: Purpose;
  subscriptionId: string | null;
  /** Checkout payments time out; a renewal charge is scheduled days ahead and settles on its own clock. */
  withTimeout: boolean;
}

/** Records a new payment and starts its timeout. Returns the events so a caller can add its own in one unit. */
export function paymentInitiated(context: PaymentsContext, payment: NewPayment, now: Date) {
  const { atRiskAt, timeoutAt } = timeoutSchedule(now, context.timeouts);
  return {
    type: 'PaymentInitiated',
    data: {
      paymentId: payment.paymentId,
      orderId: payment.orderId,
      memberId: payment.memberId,
      amountPaise: payment.amountPaise,
      currency: 'INR' as const,
      paymentType: payment.paymentType,
      gateway: context.gateway.kind,
      purpose: payment.purpose,
      subscriptionId: payment.subscriptionId,
      atRiskAt: payment.withTimeout ? atRiskAt.toISOString() : null,
      timeoutAt: payment.withTimeout ? timeoutAt.toISOString() : null,
    },
    metadata: { actor: `member:${payment.memberId}` },
  };
}

/** Applies the outcome of `decide` to a payment's stream, trying again while another writer gets there first. */
async function changePayment(
  context: PaymentsContext,
  paymentId: string,
  decide: (state: PaymentState) => ReturnType<typeof decideSuccess>,
): Promise<StoredEvent[]> {
  return retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const history = await unit.readStream(paymentStream(paymentId));
      const state = foldPayment(history);
      if (!state) return [];
      return record(unit, paymentStream(paymentId), history.length, decide(state));
    }),
  );
}

export async function loadPayment(context: PaymentsContext, paymentId: string): Promise<PaymentState | undefined> {
  return foldPayment(await context.events.readStream(paymentStream(paymentId)));
}

export type SettlementOutcome = 'succeeded' | 'succeeded_late' | 'failed' | 'unchanged';

/**
 * Brings a payment in line with what the gateway says now. Webhooks, the status poll, reconciliation and the
 * timeout all come through here: a webhook is only a hint to ask.
 */
export async function settleFromGateway(context: PaymentsContext, paymentId: string): Promise<SettlementOutcome> {
  const payment = await loadPayment(context, paymentId);
  if (!payment) return 'unchanged';
  const reading = await readGateway(context, payment);
  return applyReading(context, payment, reading, { autoFail: false });
}

async function applyReading(
  context: PaymentsContext,
  payment: PaymentState,
  reading: GatewayReading,
  options: { autoFail: boolean },
): Promise<SettlementOutcome> {
  let stored: StoredEvent[] = [];
  if (reading.verdict === 'paid') {
    const late = lateVerdictDecision(payment.phase, 'paid') === 'reconcile_success';
    stored = await changePayment(context, payment.paymentId, (state) => decideSuccess(state, reading.settlement));
    if (stored.length > 0) {
      if (late) context.logger.warn({ paymentId: payment.paymentId }, 'payment succeeded after it had timed out; reconciled');
      await afterSettlement(context, payment);
      return late ? 'succeeded_late' : 'succeeded';
    }
    return 'unchanged';
  }
  if (reading.verdict === 'declined') {
    stored = await changePayment(context, payment.paymentId, (state) =>
      decideFailure(state, {
        reason: reading.reason,
        method: reading.method,
        autoFailed: false,
        timeoutMinutes: null,
        cancelled: reading.cancelled ?? false,
      }),
    );
  } else if (options.autoFail) {
    const minutes = timeoutMinutes(context.timeouts);
    stored = await changePayment(context, payment.paymentId, (state) =>
      decideFailure(state, {
        reason: `Payment timed out after ${countOf(minutes, 'minute')}`,
        method: null,
        autoFailed: true,
        timeoutMinutes: minutes,
      }),
    );
  } else if (reading.attempted) {
    stored = await changePayment(context, payment.paymentId, decideProcessing);
    return 'unchanged';
  }
  if (stored.some((event) => event.type === 'PaymentFailed')) {
    await afterSettlement(context, payment);
    return 'failed';
  }
  return 'unchanged';
}

/** The at-risk mark of the payment-timeout workflow. */
export async function markAtRisk(context: PaymentsContext, paymentId: string, now = new Date()): Promise<void> {
  await changePayment(context, paymentId, (state) => decideAtRisk(state, now));
}

/** The deadline of the payment-timeout workflow: ask the gateway once more, then fail what is still unsettled. */
export async function timeOutPayment(context: PaymentsContext, paymentId: string): Promise<SettlementOutcome> {
  // Every timed-out payment was at risk first, even when its at-risk step runs late or on another instance after
  // an outage (that step then finds it marked and does nothing).
  let payment = await loadPayment(context, paymentId);
  if (payment && !payment.atRisk) {
    await markAtRisk(context, paymentId);
    payment = await loadPayment(context, paymentId);
  }
  if (!payment || timeoutDecision(payment.phase, 'unsettled') === 'nothing') return 'unchanged';
  let reading: GatewayReading;
  try {
    reading = await readGateway(context, payment);
  } catch (error) {
    // The gateway cannot be asked: the deadline still holds; a later success is reconciled.
    context.logger.warn({ err: error, paymentId }, 'gateway unreachable at the payment deadline');
    reading = { verdict: 'unsettled', attempted: false };
  }
  return applyReading(context, payment, reading, { autoFail: true });
}

/** Lets the purpose of a settled payment react: a membership starts or fails, a renewal extends or retries. */
async function afterSettlement(context: PaymentsContext, before: PaymentState): Promise<void> {
  await context.workflows.paymentSettled(before.paymentId);
  // A product payment's order learns from the event; only memberships and renewals act here, on the settled state.
  if (before.purpose !== 'membership' && before.purpose !== 'renewal') return;
  const payment = await loadPayment(context, before.paymentId);
  if (!payment) return;
  const { onMembershipPaymentSettled, onRenewalPaymentSettled } = await import('./memberships.js');
  if (payment.purpose === 'membership') await onMembershipPaymentSettled(context, payment);
  if (payment.purpose === 'renewal') await onRenewalPaymentSettled(context, payment);
}
