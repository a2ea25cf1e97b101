import type { RefundChoice } from '@elts/contracts';
import type { Recorded, Refusal } from '@elts/platform';
import { foldOrder, orderStream } from '../domain/order.js';
import type { OrderCommand } from '../domain/order-decider.js';
import type { OrderEvent } from '../domain/order-events.js';
import { foldOutOfStock, refundMove } from '../domain/out-of-stock.js';
import { membershipActive } from '../store/member-buyers.js';
import { findOrderMemberAndStatus } from '../store/order-reads.js';
import { orderRefund, refundView } from '../store/refund-view.js';
import type { OrdersContext } from './context.js';
import { onOrder } from './on-order.js';

/**
 * The out-of-stock cancellation's I/O (decisions in domain/out-of-stock.ts). Each change is decided on the order's
 * stream inside the appending transaction, with its timer written in the same transaction: the deadline at the
 * cancellation, and "now" once a choice is made, so the refund is made by the timer even if the call below fails or
 * the process stops. The refund calls are keyed by the order, so making one twice gives back once.
 */

/** The timers-table step that makes the refund (at the deadline, or as soon as the member chose). */
export const REFUND_DUE = 'order.refund-due';
/** The refund's key at payments: one out-of-stock refund per order. */
const REFUND_KEY = 'out-of-stock';
export const OUT_OF_STOCK_REASON = 'Out of stock: the order could not be fulfilled';

/** Decides on the order's stream; when it records events and `timerAt` names a moment, the refund's timer is set then. */
function decide(
  context: OrdersContext,
  orderId: string,
  actor: string,
  command: OrderCommand,
  timerAt: (recorded: Recorded<OrderEvent>[]) => Date | undefined = () => undefined,
) {
  return onOrder(context, orderId, command, {
    metadata: { actor },
    alongside: async (unit, { events }) => {
      const at = events.length > 0 ? timerAt(events) : undefined;
      if (at) await context.refundDueAt(unit.db, orderId, at);
    },
  });
}

const readHistory = async (context: OrdersContext, orderId: string) => context.events.readStream(orderStream(orderId));

/** An operator (`actor`, `admin:<id>`) cancels a paid order that cannot be fulfilled; the member has three days to choose. */
export async function cancelOutOfStock(context: OrdersContext, orderId: string, actor: string, now = context.clock.now()) {
  const membershipActive = await activeMember(context, orderId);
  const choiceSeconds = context.settings.REFUND_CHOICE_SECONDS;
  const { refusal } = await decide(
    context,
    orderId,
    actor,
    { kind: 'cancel-out-of-stock', reason: OUT_OF_STOCK_REASON, now, membershipActive, choiceSeconds },
    // The refund is made at the choice's deadline, or now when there is nothing to choose (the choice came with it).
    ([cancelled, chosen]) => (chosen || cancelled?.type !== 'OrderCancelledOutOfStock' ? now : new Date(cancelled.data.choiceBy)),
  );
  if (refusal) return { refusal };
  return { refund: refundView(await orderRefund(context.db, orderId), membershipActive, now) };
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
): Promise<{ refusal?: Refusal }> {
  const membershipActive = await activeMember(context, orderId);
  const { refusal } = await decide(
    context,
    orderId,
    `member:${memberId}`,
    { kind: 'choose-refund', choice, by: 'member', now, membershipActive },
    () => now,
  );
  if (refusal) return { refusal };
  await makeRefund(context, orderId).catch((error: unknown) =>
    // The timer written with the choice makes it (retried until it succeeds): the member's choice stands.
    context.logger.warn({ err: error, orderId }, 'the refund of a cancelled order could not be made now; its timer will'),
  );
  return {};
}

/** The timer: at the deadline the fund transfer is chosen if nobody chose; then the refund chosen is made. Idempotent. */
export async function refundWhenDue(context: OrdersContext, orderId: string, now = context.clock.now()): Promise<void> {
  const cancelled = foldOutOfStock(await readHistory(context, orderId));
  if (!cancelled) return;
  if (!cancelled.choice && now >= cancelled.choiceBy) {
    const { refusal } = await decide(context, orderId, 'system:refund-deadline', {
      kind: 'choose-refund',
      choice: 'fund_transfer',
      by: 'deadline',
      now,
    });
    if (refusal) throw new Error(`The refund deadline of ${orderId} could not choose: ${refusal.message}`);
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
  await decide(context, orderId, 'system:out-of-stock', { kind: 'record-out-of-stock-refund', refund });
}
