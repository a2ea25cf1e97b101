import { COPY } from '@elts/contracts';
import type { StoredEvent } from '@elts/platform';
import { foldOrder, orderStream } from '../domain/order.js';
import { refundStatusNow } from '../domain/refunds.js';
import {
  backstopMove,
  decideCompletion,
  decideFailure,
  decideRefund,
  type FailureStage,
  failureOf,
  REFUND_REASON,
  successMove,
} from '../processes/order-saga/decider.js';
import { findOrderMemberAndStatus, findOrderStatusAndPayment } from '../store/order-reads.js';
import { handOverUnits } from '../waitlist/hand-over.js';
import { type OrderPayment, type OrdersContext, recordOrder } from './context.js';

async function change(context: OrdersContext, orderId: string, decide: Parameters<typeof decideWith>[2]) {
  return context.events.transact((unit) => decideWith(unit, orderId, decide));
}

async function decideWith(
  unit: Parameters<Parameters<OrdersContext['events']['transact']>[0]>[0],
  orderId: string,
  decide: (state: NonNullable<ReturnType<typeof foldOrder>>, history: StoredEvent[]) => ReturnType<typeof decideFailure>,
) {
  const history = await unit.readStream(orderStream(orderId));
  const state = foldOrder(history);
  if (!state) return [];
  return recordOrder(unit, orderStream(orderId), history.length, decide(state, history));
}

/**
 * Fails an order and gives back what it held: its stock (to the product's waitlist first, then to everyone) and its
 * membership credit.
 */
export async function failOrder(context: OrdersContext, orderId: string, stage: FailureStage, reason: string): Promise<void> {
  const order = await findOrderMemberAndStatus(context.db, orderId);
  if (!order || order.status === 'completed') return;
  if (order.status === 'pending' || order.status === 'processing')
    await handOverUnits(context, { orderId, productId: order.product_id, quantity: order.quantity });
  await context.partners.release(orderId);
  await context.partners.releaseCredit(order.member_id, orderId);
  await change(context, orderId, (state) => decideFailure(state, stage, reason));
}

/** The payment as payments answers it, or as its event tells (which carries only what settling needs). */
type SettledPayment = Pick<OrderPayment, 'paymentId' | 'status' | 'method' | 'transactionId' | 'failureReason' | 'autoFailed'> &
  Partial<OrderPayment>;

/**
 * The saga's second half, run when the payment settles (its event, or a status check). Success commits the held
 * stock and completes the order; a success for an order given up meanwhile is refunded (order-saga.ts
 * `successMove`). Every call here is keyed by the order id, so running it twice is safe.
 */
export async function settleOrder(context: OrdersContext, orderId: string, payment: SettledPayment): Promise<void> {
  if (payment.status === 'failed') {
    const { stage, reason } = failureOf(payment);
    await failOrder(context, orderId, stage, reason);
    return;
  }
  if (payment.status !== 'success') return;
  const order = await findOrderMemberAndStatus(context.db, orderId);
  const state = order && foldOrder(await context.events.readStream(orderStream(orderId)));
  if (!order || !state) return;
  const move = successMove(state);
  if (move === 'nothing') return;
  if (move === 'refund') {
    await refundLate(context, order.member_id, orderId, REFUND_REASON.givenUp);
    return;
  }
  const stock = await context.partners.commit(orderId);
  if (stock.state === 'committed') {
    await change(context, orderId, (current) =>
      decideCompletion(current, { paymentId: payment.paymentId, transactionId: payment.transactionId, method: payment.method }),
    );
    return;
  }
  // The hold was lost (it should outlast the payment): refund rather than sell stock we do not have.
  await refundLate(context, order.member_id, orderId, REFUND_REASON.outOfStock);
}

/** A success we cannot honour: the money goes back, the stock and any credit spent for the order too. */
async function refundLate(context: OrdersContext, memberId: string, orderId: string, reason: string): Promise<void> {
  const refund = await context.partners.refund(orderId, reason);
  await context.partners.releaseCredit(memberId, orderId);
  await change(context, orderId, (state, history) => [
    ...decideFailure(state, 'stock', reason),
    ...decideRefund(state, { refundId: refund.refundId, status: refundStatusNow(history, refund) }, reason),
  ]);
}

/**
 * The backstop, scheduled before the saga holds or spends anything: it fails an order whose saga stopped before its
 * payment began (a crash mid-way), and gives back what a saga that died before recording its order may have taken.
 * It is due ORDER_HOLD_MINUTES later, far beyond any partner call's timeout, so it never overtakes a live placement.
 */
export async function expireUnpaidOrder(context: OrdersContext, orderId: string, memberId?: string): Promise<void> {
  const order = await findOrderStatusAndPayment(context.db, orderId);
  const move = backstopMove(order);
  if (move === 'give_back') {
    await context.partners.release(orderId);
    if (memberId) await context.partners.releaseCredit(memberId, orderId);
    return;
  }
  if (move === 'nothing') return;
  const payment = await context.partners.payment(orderId, true);
  if (payment) {
    await settleOrder(context, orderId, payment);
    return;
  }
  await failOrder(context, orderId, 'payment', 'The payment was never started');
}

export const END_RESERVATION = 'order.reservation-ends';

/**
 * A reservation's time to pay has run out (due at its `reservedUntil`): a payment that succeeded meanwhile settles
 * it; otherwise it fails, its unit and credit go back at once, and a payment that still succeeds is refunded.
 */
export async function endReservation(context: OrdersContext, orderId: string): Promise<void> {
  const order = await findOrderStatusAndPayment(context.db, orderId);
  if (order?.status !== 'pending') return;
  if (order.payment_id) {
    const payment = await context.partners.payment(orderId, true);
    if (payment) await settleOrder(context, orderId, payment);
  }
  await failOrder(context, orderId, 'timeout', COPY.orderPage.reservationEnded);
}
