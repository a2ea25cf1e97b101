import type { RefundChoice } from '@elts/contracts';
import { notFound, refusalError, retryOnConcurrency, type StoredEvent } from '@elts/platform';
import { foldShipments } from '../domain/fulfilment.js';
import { foldOrder, orderStream } from '../domain/order.js';
import { refundStatusNow } from '../domain/refunds.js';
import { type Decision, decideCancellation, decideChoice, decideRefunded, foldOutOfStock, refundMove } from '../flows/out-of-stock.js';
import { membershipActive } from '../store/member-buyers.js';
import { findOrderMemberAndStatus } from '../store/order-reads.js';
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
  let timerAt: Date | undefined;
  const membershipActive = await activeMember(context, orderId);
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
        membershipActive,
        context.settings.REFUND_CHOICE_SECONDS,
      );
      if ('events' in decision && decision.events[0]) {
        // The refund is made at the choice's deadline, or now when there is nothing to choose.
        const choiceBy = new Date((decision.events[0].data as { choiceBy: string }).choiceBy);
        timerAt = decision.events.length > 1 ? now : choiceBy;
      }
      return decision;
    },
    (recorded) => (recorded > 0 ? timerAt : undefined),
  );
  return refundView(await orderRefund(context.db, orderId), membershipActive, now);
}

/** Whether the order's member has an active membership now (credits are only offered, and chosen, then). */
async function activeMember(context: OrdersContext, orderId: string): Promise<boolean> {
  const order = await findOrderMemberAndStatus(context.db, orderId);
  return order !== undefined && (await membershipActive(context.db, order.member_id));
}

/** The member's choice on the page from the mail (their own order only: the route checks it). Then the refund is made. */
export async function chooseRefund(
  context: OrdersContext,
  orderId: string,
  memberId: string,
  choice: RefundChoice,
  now = context.clock.now(),
) {
  const membershipActive = await activeMember(context, orderId);
  await decideOnStream(
    context,
    orderId,
    `member:${memberId}`,
    (history) => decideChoice(foldOrder(history)!, foldOutOfStock(history), choice, 'member', now, membershipActive),
    (recorded) => (recorded > 0 ? now : undefined),
  );
  await makeRefund(context, orderId).catch((error: unknown) =>
    // The timer written with the choice makes it (retried until it succeeds): the member's choice stands.
    context.logger.warn({ err: error, orderId }, 'the refund of a cancelled order could not be made now; its timer will'),
  );
  return refundView(await orderRefund(context.db, orderId), membershipActive, now);
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
  // A fund transfer's refund (the gateway may settle it later, or fail it: the order shows which, and a failed one
  // waits for an operator), or credits, given at once.
  const refund =
    move === 'fund_transfer'
      ? await context.partners.refundOrder({ orderId, key: REFUND_KEY, amountPaise: cancelled.amountPaise, reason: cancelled.reason })
      : {
          refundId: (await context.partners.creditInstead({ memberId: order.memberId, orderId, amountPaise: cancelled.amountPaise }))
            .creditId,
          status: 'success' as const,
        };
  await decideOnStream(
    context,
    orderId,
    'system:out-of-stock',
    (latest) => {
      const now = foldOutOfStock(latest);
      if (!now) return { events: [] };
      return { events: decideRefunded(foldOrder(latest)!, now, refund.refundId, refundStatusNow(latest, refund)) };
    },
    () => undefined,
  );
}
