import { MEMBERSHIP_CREDIT } from '@elts/contracts';
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
 * be held again and the credit spent again; otherwise the money goes back. Every call here is keyed by the order id,
 * so running it twice is safe.
 */
export async function settleOrder(context: OrdersContext, orderId: string, payment: PaymentOfOrder): Promise<void> {
  if (payment.status === 'failed') {
    await failOrder(context, orderId, payment.autoFailed ? 'timeout' : 'payment', payment.failureReason ?? 'Payment failed');
    return;
  }
  if (payment.status !== 'success') return;
  const order = await context.db
    .selectFrom('orders')
    .select(['member_id', 'status', 'credit_paise'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!order || order.status === 'completed' || order.status === 'cancelled') return;
  // A failed order gave its credit back (failOrder), yet its price was paid with that credit taken off.
  const creditBack = order.status === 'failed' && Number(order.credit_paise) > 0;
  if (creditBack && !(await spendCreditAgain(context, order.member_id, orderId, Number(order.credit_paise)))) {
    await refundLate(context, order.member_id, orderId, 'Membership credit already used when the payment arrived');
    return;
  }
  const stock = await context.partners.commit(orderId);
  if (stock.state === 'committed') {
    await change(context, orderId, (state) =>
      decideCompletion(state, { paymentId: payment.paymentId, transactionId: payment.transactionId, method: payment.method }),
    );
    return;
  }
  // The units went to someone else while this payment was late: refund it rather than sell stock we do not have.
  await refundLate(context, order.member_id, orderId, 'Out of stock when the payment arrived');
}

/**
 * The credit a late success needs again is spent under a key of its own, because payments records one spend per
 * order id and that order's spend was released. The rule (safe and simple): the order completes only if the whole
 * credit it was priced with can be spent again; if the member has used it meanwhile, the payment is refunded in
 * full, as for stock that is gone, rather than sell at a discount nobody paid for. The price sent is the smallest
 * whose credit share is exactly that credit, so the member is never charged more credit than the order had.
 */
export const lateCreditKey = (orderId: string) => `${orderId}-LATE`;

async function spendCreditAgain(context: OrdersContext, memberId: string, orderId: string, creditPaise: number): Promise<boolean> {
  const priceForCredit = Math.ceil((creditPaise * 100) / MEMBERSHIP_CREDIT.maxShareOfOrderPercent);
  const spent = await context.partners.reserveCredit(memberId, lateCreditKey(orderId), priceForCredit);
  if (spent >= creditPaise) return true;
  await context.partners.releaseCredit(memberId, lateCreditKey(orderId));
  return false;
}

/** A success we cannot honour: the money goes back, the stock and any credit spent for the order too. */
async function refundLate(context: OrdersContext, memberId: string, orderId: string, reason: string): Promise<void> {
  const { refundId } = await context.partners.refund(orderId, reason);
  await context.partners.releaseCredit(memberId, orderId);
  await context.partners.releaseCredit(memberId, lateCreditKey(orderId));
  await change(context, orderId, (state) => [...decideFailure(state, 'stock', reason), ...decideRefund(state, refundId, reason)]);
}

/**
 * The backstop, scheduled before the saga holds or spends anything: it fails an order whose saga stopped before its
 * payment began (a crash mid-way), and gives back what a saga that died before recording its order may have taken.
 * It is due ORDER_HOLD_MINUTES later, far beyond any partner call's timeout, so it never overtakes a live placement.
 */
export async function expireUnpaidOrder(context: OrdersContext, orderId: string, memberId?: string): Promise<void> {
  const order = await context.db.selectFrom('orders').select(['status', 'payment_id']).where('order_id', '=', orderId).executeTakeFirst();
  if (!order) {
    await context.partners.release(orderId);
    if (memberId) await context.partners.releaseCredit(memberId, orderId);
    return;
  }
  if (order.status !== 'pending') return;
  const payment = await context.partners.payment(orderId, true);
  if (payment) {
    await settleOrder(context, orderId, payment);
    return;
  }
  await failOrder(context, orderId, 'payment', 'The payment was never started');
}
