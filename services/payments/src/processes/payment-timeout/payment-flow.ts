import { randomBytes } from 'node:crypto';
import type { UnitOfWork } from '@elts/platform';
import { asksGateway, type PaymentTrigger, paymentDeadline, type SettlementOutcome, timeoutMinutes } from '@elts/workflows';
import { createPaymentsStream, type PaymentsContext } from '../../commands/context.js';
import { onPayment } from '../../commands/on-payment.js';
import { type Failure, foldPayment, type GatewayReading, type PaymentState, type Purpose, paymentStream } from '../../domain/payment.js';
import type { GatewayPayment } from '../../gateway/payment-gateway.js';
import type { PaymentsDb } from '../../store/tables.js';

/**
 * The payment and its timeout on the service side: a payment starts here, and every later move (a webhook, the
 * member's status poll, reconciliation, its timer) goes through `advancePayment`, which re-reads the payment and
 * applies the pure decisions of `@elts/workflows` flows/payment-timeout.ts (where the 15-minute timeout is). Its
 * timers follow from the signals sent here, in the same transaction as the events. What the gateway says is read
 * here too (`readGateway`). This decides on the payment alone: what follows a settled membership payment or renewal charge is the membership's process manager
 * (processes/membership/process-manager.ts, `movePayment`), which reacts to the move's outcome.
 */

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

/** Records a new payment in the caller's unit, and for a checkout payment the start of its timeout with it. */
export async function startPayment(context: PaymentsContext, unit: UnitOfWork<PaymentsDb>, payment: NewPayment, now = context.clock.now()) {
  const timeoutAt = payment.withTimeout ? paymentDeadline(now, context.timeouts).toISOString() : null;
  const { withTimeout: _, ...data } = payment;
  const started = await createPaymentsStream(
    unit,
    paymentStream(payment.paymentId),
    () => [{ type: 'PaymentInitiated', data: { ...data, currency: 'INR', gateway: context.gateway.kind, timeoutAt } }],
    { actor: `member:${payment.memberId}` },
  );
  // A payment already there keeps the timeout it started with.
  if (timeoutAt && started.length > 0)
    await context.workflows.send(unit.db, { kind: 'paymentStarted', paymentId: payment.paymentId, timeoutAt });
}

export async function loadPayment(context: Pick<PaymentsContext, 'events'>, paymentId: string): Promise<PaymentState | undefined> {
  return foldPayment(await context.events.readStream(paymentStream(paymentId)));
}

/** Fails a payment still open (a renewal charge called off, or never raised); answers whether it failed now. */
export async function failPayment(context: PaymentsContext, paymentId: string, failure: Failure): Promise<boolean> {
  const outcome = await onPayment(context, paymentId, { kind: 'fail', failure });
  return !outcome.refusal && outcome.events.length > 0;
}

/** How a move left a payment: settled by it (`outcome`), and the payment as it is now. */
export interface PaymentMove {
  outcome: SettlementOutcome;
  payment: PaymentState | undefined;
}

/**
 * Moves a payment on, whatever asked: `gateway` (a webhook, which is only a hint to ask; the member's status poll;
 * reconciliation; a renewal charge's check) or `deadline` (its timer, or reconciliation finding it passed).
 * Re-reads the payment and decides with the flow's pure decisions, so any trigger may come twice, late, or out of
 * order.
 */
export async function advancePayment(context: PaymentsContext, paymentId: string, trigger: PaymentTrigger): Promise<PaymentMove> {
  const payment = await loadPayment(context, paymentId);
  if (!payment || !asksGateway(payment.phase, trigger)) return { outcome: 'unchanged', payment };
  const reading = await ask(context, payment, trigger);
  const moved = await onPayment(context, paymentId, {
    kind: 'advance',
    trigger,
    reading,
    timeoutMinutes: timeoutMinutes(context.timeouts),
  });
  const stored = moved.refusal ? [] : moved.events;
  const late = stored.some((event) => event.type === 'PaymentSucceeded' && event.data.late);
  if (late) context.logger.warn({ paymentId }, 'payment succeeded after it had timed out; reconciled');
  const outcome: SettlementOutcome = stored.some((event) => event.type === 'PaymentSucceeded')
    ? late
      ? 'succeeded_late'
      : 'succeeded'
    : stored.some((event) => event.type === 'PaymentFailed')
      ? 'failed'
      : 'unchanged';
  return { outcome, payment: moved.refusal ? payment : moved.state.payment };
}

/** The gateway's word. At the deadline an unreachable gateway counts as silence: the deadline still holds. */
async function ask(context: PaymentsContext, payment: PaymentState, trigger: PaymentTrigger): Promise<GatewayReading> {
  if (trigger !== 'deadline') return readGateway(context, payment);
  try {
    return await readGateway(context, payment);
  } catch (error) {
    // A later success is reconciled.
    context.logger.warn({ err: error, paymentId: payment.paymentId }, 'gateway unreachable at the payment deadline');
    return { verdict: 'unsettled', attempted: false };
  }
}

/**
 * What the gateway says about a payment now. Checkout orders are read from the order and its attempts; a
 * membership's first payment from the mandate's authorisation; a renewal from its charge.
 */
export async function readGateway(context: PaymentsContext, payment: PaymentState): Promise<GatewayReading> {
  const { gateway } = context;
  if (payment.purpose === 'membership' && payment.subscriptionId) {
    const subscription = await gateway.getSubscription(payment.subscriptionId);
    const auth = subscription.authorization;
    if (auth?.status === 'ACTIVE' || auth?.status === 'SUCCESS' || subscription.status === 'ACTIVE') {
      return {
        verdict: 'paid',
        settlement: { method: auth?.method ?? 'upi', gatewayPaymentId: auth?.paymentId ?? null, bankReference: auth?.reference ?? null },
      };
    }
    if (auth?.status === 'FAILED') return { verdict: 'declined', reason: 'The mandate was not authorised', method: auth.method ?? 'upi' };
    if (['LINK_EXPIRED', 'EXPIRED', 'CANCELLED', 'CUSTOMER_CANCELLED'].includes(subscription.status)) {
      return { verdict: 'declined', reason: `The mandate ended: ${subscription.status.toLowerCase().replace(/_/g, ' ')}`, method: null };
    }
    return { verdict: 'unsettled', attempted: auth?.status === 'PENDING' || subscription.status === 'BANK_APPROVAL_PENDING' };
  }
  if (payment.purpose === 'renewal' && payment.subscriptionId) {
    const charge = await gateway.getCharge(payment.subscriptionId, payment.paymentId);
    if (charge.status === 'SUCCESS')
      return { verdict: 'paid', settlement: { method: 'upi', gatewayPaymentId: charge.gatewayPaymentId, bankReference: null } };
    if (charge.status === 'FAILED' || charge.status === 'CANCELLED') {
      return { verdict: 'declined', reason: charge.failureReason ?? `Renewal charge ${charge.status.toLowerCase()}`, method: 'upi' };
    }
    return { verdict: 'unsettled', attempted: charge.status === 'PENDING' };
  }
  const [order, attempts] = await Promise.all([gateway.getOrder(payment.orderId), gateway.listPayments(payment.orderId)]);
  const success = attempts.find((attempt) => attempt.status === 'SUCCESS');
  if (order.status === 'PAID' || success) {
    return {
      verdict: 'paid',
      settlement: {
        method: success?.method ?? 'other',
        gatewayPaymentId: success?.gatewayPaymentId ?? null,
        bankReference: success?.bankReference ?? null,
      },
    };
  }
  const last = latest(attempts);
  if (last && ['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID'].includes(last.status)) {
    return { verdict: 'declined', reason: failureReason(last), method: last.method, cancelled: last.status === 'USER_DROPPED' };
  }
  if (order.status === 'EXPIRED' || order.status === 'TERMINATED')
    return { verdict: 'declined', reason: 'The payment window closed', method: null };
  return { verdict: 'unsettled', attempted: last?.status === 'PENDING' };
}

const latest = (attempts: GatewayPayment[]) => attempts.at(-1);

function failureReason(attempt: GatewayPayment): string {
  if (attempt.status === 'USER_DROPPED') return 'Payment cancelled by the customer';
  return attempt.failureReason ?? attempt.message ?? 'Payment failed';
}
