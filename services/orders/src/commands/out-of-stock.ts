import type { RefundChoice } from '@elts/contracts';
import { notFound, refusalError, retryOnConcurrency, type StoredEvent } from '@elts/platform';
import { foldShipments } from '../domain/fulfilment.js';
import { foldOrder, orderStream } from '../domain/order.js';
import { refundOutcome } from '../domain/refunds.js';
import { type Decision, decideCancellation, decideChoice, decideRefunded, foldOutOfStock, refundMove } from '../flows/out-of-stock.js';
import { orderRefund, refundView } from '../store/refund-view.js';
import { type OrdersContext, recordOrder } from './context.js';

/**
 * The out-of-stock cancellation's I/O (decisions in flows/out-of-stock.ts). Each change is decided on the order's
 * stream inside the appending transaction, with its timer written in the same transaction: the deadline at the
 * cancellation, and "now" once a choice is made, so the refund is made by the timer even if the call below fails or
 * the process stops. The refund calls are keyed by the order, so making one twice gives back once.
 */

/** The timers-table step that makes the refund (at the deadline, or as soon as the member chose). */
export const REFUND_DUE = 'order.refund-due';
/** The refund's key at payments: one out-of-stock refund per order. */
const REFUND_KEY = 'out-of-stock';
export const OUT_OF_STOCK_REASON = 'Out of stock: the order could not be fulfilled';

async function decideOnStream(
  context: OrdersContext,
  orderId: string,
  actor: string,
  decide: (history: StoredEvent[]) => Decision,
  timerAt: (events: number) => Date | undefined,
) {
  return retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const history = await unit.readStream(orderStream(orderId));
      if (!foldOrder(history)) throw notFound('Order not found');
      const decision = decide(history);
      if ('refusal' in decision) throw refusalError(decision.refusal);
      const events = decision.events.map((event) => ({ ...event, metadata: { actor } }));
      await recordOrder(unit, orderStream(orderId), history.length, events);
      const at = timerAt(events.length);
      if (at) await context.refundDueAt(unit.db, orderId, at);
      return events.length > 0;
    }),
  );
}

const readHistory = async (context: OrdersContext, orderId: string) => context.events.readStream(orderStream(orderId));

/** An operator (`actor`, `admin:<id>`) cancels a paid order that cannot be fulfilled; the member has three days to choose. */
export async function cancelOutOfStock(context: OrdersContext, orderId: string, actor: string, now = context.clock.now()) {
  let choiceBy: Date | undefined;
  await decideOnStream(
    context,
    orderId,
    actor,
    (history) => {
      const order = foldOrder(history);
      const decision = decideCancellation(
        order!,
        foldShipments(history),
        foldOutOfStock(history),
        OUT_OF_STOCK_REASON,
        now,
        context.settings.REFUND_CHOICE_SECONDS,
      );
      const event = 'events' in decision ? decision.events[0] : undefined;
      if (event) choiceBy = new Date((event.data as { choiceBy: string }).choiceBy);
      return decision;
    },
    (recorded) => (recorded > 0 ? choiceBy : undefined),
  );
  return refundView(await orderRefund(context.db, orderId));
}

/** The member's choice on the page from the mail (their own order only: the route checks it). Then the refund is made. */
export async function chooseRefund(
  context: OrdersContext,
  orderId: string,
  memberId: string,
  choice: RefundChoice,
  now = context.clock.now(),
) {
  await decideOnStream(
    context,
    orderId,
    `member:${memberId}`,
    (history) => decideChoice(foldOrder(history)!, foldOutOfStock(history), choice, 'member', now),
    (recorded) => (recorded > 0 ? now : undefined),
  );
  await makeRefund(context, orderId).catch((error: unknown) =>
    // The timer written with the choice makes it (retried until it succeeds): the member's choice stands.
    context.logger.warn({ err: error, orderId }, 'the refund of a cancelled order could not be made now; its timer will'),
  );
  return refundView(await orderRefund(context.db, orderId));
}

/** The timer: at the deadline the fund transfer is chosen if nobody chose; then the refund chosen is made. Idempotent. */
export async function refundWhenDue(context: OrdersContext, orderId: string, now = context.clock.now()): Promise<void> {
  const history = await readHistory(context, orderId);
  const cancelled = foldOutOfStock(history);
  if (!cancelled) return;
  if (!cancelled.choice && now >= cancelled.choiceBy) {
    await decideOnStream(
      context,
      orderId,
      'system:refund-deadline',
      (latest) => decideChoice(foldOrder(latest)!, foldOutOfStock(latest), 'fund_transfer', 'deadline', now),
      () => undefined,
    );
  }
  await makeRefund(context, orderId);
}

/** Gives the money back the way chosen (and the credit the order spent, whatever was chosen), then records it. */
async function makeRefund(context: OrdersContext, orderId: string): Promise<void> {
  const history = await readHistory(context, orderId);
  const order = foldOrder(history);
  const cancelled = foldOutOfStock(history);
  const move = refundMove(cancelled);
  if (!order || !cancelled || move === 'nothing') return;
  if (cancelled.creditPaise > 0) await context.partners.releaseCredit(order.memberId, orderId);
  let refundId: string;
  if (move === 'fund_transfer') {
    const refund = await context.partners.refundOrder({
      orderId,
      key: REFUND_KEY,
      amountPaise: cancelled.amountPaise,
      reason: cancelled.reason,
    });
    // The gateway refused it for good (asking again under the same key answers the same): an operator must act.
    if (refund.status === 'failed') {
      context.logger.error({ orderId, refundId: refund.refundId }, 'the gateway refused the refund of an out-of-stock order');
      return;
    }
    refundId = refund.refundId;
  } else {
    refundId = (await context.partners.creditInstead({ memberId: order.memberId, orderId, amountPaise: cancelled.amountPaise })).creditId;
  }
  await decideOnStream(
    context,
    orderId,
    'system:out-of-stock',
    (latest) => {
      const now = foldOutOfStock(latest);
      // Its failure already heard (OrderRefundSettled before this answer came back): not refunded, as above.
      if (!now || refundOutcome(latest, refundId) === 'failed') return { events: [] };
      return { events: decideRefunded(foldOrder(latest)!, now, refundId) };
    },
    () => undefined,
  );
}
