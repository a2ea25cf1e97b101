import type { RefundChoice } from '@elts/contracts';
import { notFound, refusalError, retryOnConcurrency } from '@elts/platform';
import { foldOrder, orderStream } from '../domain/order.js';
import { decideRetried, decideRetryChoice, foldRefunds, retryKey } from '../domain/refunds.js';
import { membershipActive } from '../store/member-buyers.js';
import { findOrderMemberAndStatus } from '../store/order-reads.js';
import { type OrdersContext, recordOrder } from './context.js';

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
): Promise<void> {
  const order = await findOrderMemberAndStatus(context.db, orderId);
  if (!order) throw notFound('Order not found');
  const active = method === 'credits' && (await membershipActive(context.db, order.member_id));
  await retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const history = await unit.readStream(orderStream(orderId));
      const state = foldOrder(history);
      if (!state) throw notFound('Order not found');
      const decision = decideRetryChoice(state, foldRefunds(history), { retryOf, method, membershipActive: active });
      if (decision === 'same') return;
      if (!Array.isArray(decision)) throw refusalError(decision);
      await recordOrder(
        unit,
        orderStream(orderId),
        history.length,
        decision.map((event) => ({ ...event, metadata: { actor } })),
      );
      await context.refundRetryAt(unit.db, orderId, retryOf, new Date(now.getTime() + RETRY_BACKSTOP_MS));
    }),
  );
  await makeRetry(context, orderId, retryOf).catch((error: unknown) =>
    // The choice stands; its backstop step makes the refund once payments answers.
    context.logger.warn({ err: error, orderId, retryOf }, 'a failed refund could not be made good now; its backstop step will'),
  );
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
  await retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const latest = await unit.readStream(orderStream(orderId));
      const now = foldOrder(latest);
      if (!now) return;
      await recordOrder(unit, orderStream(orderId), latest.length, decideRetried(now, latest, retryOf, refund));
    }),
  );
}
