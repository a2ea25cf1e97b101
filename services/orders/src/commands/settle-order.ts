import { decideCompletion, decideFailure, decideRefund, foldOrder, orderStream } from '../domain/order.js';
import { type OrdersContext, type PaymentOfOrder, recordOrder } from './context.js';

async function change(context: OrdersContext, orderId: string, decide: Parameters<typeof decideWith>[2]) {
  return context.events.transact((unit) => decideWith(unit, orderId, decide));
}

async function decideWith(
  unit: Parameters<Parameters<OrdersContext['events']['transact']>[0]>[0],
  orderId: string,
  decide: (state: NonNullable<ReturnType<typeof foldOrder>>) => ReturnType<typeof decideFailure>,
) {
  const history = await unit.readStream(orderStream(orderId));
  const state = foldOrder(history);
  if (!state) return [];
  return recordOrder(unit, orderStream(orderId), history.length, decide(state));
}

/** Fails an order and gives back what it held: its stock and its membership credit. */
export async function failOrder(
  context: OrdersContext,
  orderId: string,
  stage: 'stock' | 'payment' | 'timeout',
  reason: string,
): Promise<void> {
  const order = await context.db.selectFrom('orders').select(['member_id', 'status']).where('order_id', '=', orderId).executeTakeFirst();
  if (!order || order.status === 'completed') return;
  await context.partners.release(orderId);
  await context.partners.releaseCredit(order.member_id, orderId);
  await change(context, orderId, (state) => decideFailure(state, stage, reason));
}

/**
 * The saga's second half, run when the payment settles (its event, or a status check). Success commits the held
 * stock and completes the order. A success that came after the order had failed still completes it if the stock can
 * be held again; otherwise the money goes back. Every call here is keyed by the order id, so running it twice is safe.
 */
export async function settleOrder(context: OrdersContext, orderId: string, payment: PaymentOfOrder): Promise<void> {
  if (payment.status === 'failed') {
    await failOrder(context, orderId, payment.autoFailed ? 'timeout' : 'payment', payment.failureReason ?? 'Payment failed');
    return;
  }
  if (payment.status !== 'success') return;
  const order = await context.db.selectFrom('orders').select(['member_id', 'status']).where('order_id', '=', orderId).executeTakeFirst();
  if (!order || order.status === 'completed' || order.status === 'cancelled') return;
  const stock = await context.partners.commit(orderId);
  if (stock.state === 'committed') {
    await change(context, orderId, (state) =>
      decideCompletion(state, { paymentId: payment.paymentId, transactionId: payment.transactionId, method: payment.method }),
    );
    return;
  }
  // The units went to someone else while this payment was late: refund it rather than sell stock we do not have.
  const { refundId } = await context.partners.refund(orderId, 'Out of stock when the payment arrived');
  await context.partners.releaseCredit(order.member_id, orderId);
  await change(context, orderId, (state) => [
    ...decideFailure(state, 'stock', 'Out of stock when the payment arrived'),
    ...decideRefund(state, refundId, 'Out of stock when the payment arrived'),
  ]);
}

/** The backstop for an order whose saga stopped before its payment began (a crash mid-way). */
export async function expireUnpaidOrder(context: OrdersContext, orderId: string): Promise<void> {
  const order = await context.db.selectFrom('orders').select(['status', 'payment_id']).where('order_id', '=', orderId).executeTakeFirst();
  if (!order || order.status !== 'pending') return;
  const payment = await context.partners.payment(orderId, true);
  if (payment) {
    await settleOrder(context, orderId, payment);
    return;
  }
  await failOrder(context, orderId, 'payment', 'The payment was never started');
}
