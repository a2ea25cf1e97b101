import { MEMBERSHIP_CREDIT, type Profession } from '@elts/contracts';
import type { StoredEvent } from '@elts/platform';
import { buysOneOfEach, foldOrder, orderStream } from '../domain/order.js';
import { refundStatusNow } from '../domain/refunds.js';
import {
  backstopMove,
  decideCompletion,
  decideFailure,
  decideRefund,
  type FailureStage,
  failureOf,
  REFUND_REASON,
  successNeeds,
} from '../flows/order-saga.js';
import { buyerPersona } from '../store/member-buyers.js';
import { findOrderForSettling, findOrderMemberAndStatus, findOrderStatusAndPayment } from '../store/order-reads.js';
import { type OrderPayment, type OrdersContext, recordOrder } from './context.js';
import { holdsProductElsewhere, lockMember } from './purchase-limits.js';

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

/** Fails an order and gives back what it held: its stock and its membership credit. */
export async function failOrder(context: OrdersContext, orderId: string, stage: FailureStage, reason: string): Promise<void> {
  const order = await findOrderMemberAndStatus(context.db, orderId);
  if (!order || order.status === 'completed') return;
  await context.partners.release(orderId);
  await context.partners.releaseCredit(order.member_id, orderId);
  await change(context, orderId, (state) => decideFailure(state, stage, reason));
}

/** The payment as payments answers it, or as its event tells (which carries only what settling needs). */
type SettledPayment = Pick<OrderPayment, 'paymentId' | 'status' | 'method' | 'transactionId' | 'failureReason' | 'autoFailed'> &
  Partial<OrderPayment>;

/**
 * The saga's second half, run when the payment settles (its event, or a status check). Success commits the held
 * stock and completes the order. A success that came after the order had failed still completes it if the stock can
 * be held again and the credit spent again; otherwise the money goes back. Every call here is keyed by the order id,
 * so running it twice is safe.
 */
export async function settleOrder(context: OrdersContext, orderId: string, payment: SettledPayment): Promise<void> {
  if (payment.status === 'failed') {
    const { stage, reason } = failureOf(payment);
    await failOrder(context, orderId, stage, reason);
    return;
  }
  if (payment.status !== 'success') return;
  const order = await findOrderForSettling(context.db, orderId);
  const state = order && foldOrder(await context.events.readStream(orderStream(orderId)));
  if (!order || !state) return;
  const product = { productId: order.product_id, variantGroup: order.variant_group };
  // Asked only of an order that failed meanwhile: whether the member buys one of each decides if it needs its place.
  const late = state.status === 'failed' || state.status === 'cancelled';
  const oneOfEach = late && (await buysOneOfEachProduct(context, order.member_id));
  const needs = successNeeds(state, { oneOfEach, creditPaise: Number(order.credit_paise) });
  if (!needs.settle) return;
  if (needs.place && (await holdsProductElsewhere(context.db, order.member_id, product, orderId))) {
    await refundLate(context, order.member_id, orderId, REFUND_REASON.orderedAgain);
    return;
  }
  // Its price was paid with the credit taken off.
  if (needs.credit && !(await spendCreditAgain(context, order.member_id, orderId, Number(order.credit_paise)))) {
    await refundLate(context, order.member_id, orderId, REFUND_REASON.creditUsed);
    return;
  }
  const stock = await context.partners.commit(orderId);
  if (stock.state === 'committed') {
    const completed = await context.events.transact(async (unit) => {
      // Checked again under the member's lock (as placements check), so an order placed since the check above and
      // this completion cannot both keep the place: whichever takes the lock second sees the other.
      if (needs.place) {
        await lockMember(unit.db, order.member_id);
        if (await holdsProductElsewhere(unit.db, order.member_id, product, orderId)) return false;
      }
      await decideWith(unit, orderId, (current) =>
        decideCompletion(current, { paymentId: payment.paymentId, transactionId: payment.transactionId, method: payment.method }),
      );
      return true;
    });
    if (completed) return;
    // The unit stays sold at the catalog (a commit cannot be undone there): rare enough to leave to an admin.
    context.logger.error({ orderId }, 'a late payment lost its place to an order placed meanwhile after its stock was committed');
    await refundLate(context, order.member_id, orderId, REFUND_REASON.orderedAgain);
    return;
  }
  // The units went to someone else while this payment was late: refund it rather than sell stock we do not have.
  await refundLate(context, order.member_id, orderId, REFUND_REASON.outOfStock);
}

async function buysOneOfEachProduct(context: OrdersContext, memberId: string): Promise<boolean> {
  const buyer = await buyerPersona(context.db, memberId);
  return buysOneOfEach((buyer?.profession as Profession | null) ?? null, buyer?.gst ?? '');
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
  const refund = await context.partners.refund(orderId, reason);
  await context.partners.releaseCredit(memberId, orderId);
  await context.partners.releaseCredit(memberId, lateCreditKey(orderId));
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
