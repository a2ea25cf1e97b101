import type { RefundChoice } from '@elts/contracts';
import { type Refusal, refusal } from '@elts/platform';
import { foldOrder, orderStream } from '../domain/order.js';
import { foldRefunds, retryKey } from '../domain/refunds.js';
import { membershipActive } from '../store/member-buyers.js';
import { findOrderMemberAndStatus } from '../store/order-reads.js';
import type { OrdersContext } from './context.js';
import { onOrder } from './on-order.js';

/**
 * A refund the gateway failed, made good (issue 32; decisions in domain/refunds.ts): an operator sends it again, or
 * the member takes it as credits. The choice is recorded first, with a backstop step in the same transaction, so an
 * operator and the member acting at once make one of the two, never both; then the new refund is made under a key
 * of the failed one (a repeat asks for the same refund; credits are granted once per order) and recorded.
 */

/** The timers-table step that makes a chosen retry should the call below fail or the process stop. */
export const REFUND_RETRY = 'order.refund-retry';
const RETRY_BACKSTOP_MS = 60_000;

export async function chooseRefundRetry(
  context: OrdersContext,
  orderId: string,
  actor: string,
  retryOf: string,
  method: RefundChoice,
  now = context.clock.now(),
): Promise<{ refusal?: Refusal }> {
  const order = await findOrderMemberAndStatus(context.db, orderId);
  if (!order) return { refusal: refusal('not_found', 'Order not found') };
  const active = method === 'credits' && (await membershipActive(context.db, order.member_id));
  const chosen = await onOrder(
    context,
    orderId,
    { kind: 'choose-refund-retry', retryOf, method, membershipActive: active },
    {
      metadata: { actor },
      alongside: async (unit, { events }) => {
        if (events.length > 0) await context.refundRetryAt(unit.db, orderId, retryOf, new Date(now.getTime() + RETRY_BACKSTOP_MS));
      },
    },
  );
  if (chosen.refusal) return chosen;
  await makeRetry(context, orderId, retryOf).catch((error: unknown) =>
    // The choice stands; its backstop step makes the refund once payments answers.
    context.logger.warn({ err: error, orderId, retryOf }, 'a failed refund could not be made good now; its backstop step will'),
  );
  return {};
}

/** Makes the chosen retry of a failed refund and records it, once; nothing when none is chosen or it is made. */
export async function makeRetry(context: OrdersContext, orderId: string, retryOf: string): Promise<void> {
  const history = await context.events.readStream(orderStream(orderId));
  const order = foldOrder(history);
  const failed = foldRefunds(history).find((refund) => refund.refundId === retryOf);
  if (!order || !failed?.retry || failed.retriedBy) return;
  const { amountPaise, reason } = failed;
  const refund =
    failed.retry === 'fund_transfer'
      ? await context.partners.refundOrder({ orderId, key: retryKey(retryOf), amountPaise, reason })
      : {
          refundId: (await context.partners.creditInstead({ memberId: order.memberId, orderId, amountPaise })).creditId,
          status: 'success' as const,
        };
  await onOrder(context, orderId, { kind: 'record-refund-retry', retryOf, refund });
}
