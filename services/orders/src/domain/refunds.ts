import type { NewEvent, StoredEvent } from '@elts/platform';
import type { OrderState } from './order.js';

/**
 * The outcome of an order's refunds as payments settles them (docs/decisions/0025): orders hears PaymentRefunded or
 * RefundFailed and records `OrderRefundSettled` on the order's stream, once per refund and outcome. It may hear it
 * before it recorded the refund itself (the gateway settled at once, the answer was lost to a crash): the outcome is
 * recorded whatever the order knows, and read back when the refund is recorded.
 */
export type RefundOutcome = 'success' | 'failed';

/** The latest outcome recorded for this refund on the order's stream, if any. */
export function refundOutcome(history: StoredEvent[], refundId: string): RefundOutcome | undefined {
  let outcome: RefundOutcome | undefined;
  for (const { type, data } of history as StoredEvent<any>[])
    if (type === 'OrderRefundSettled' && data.refundId === refundId) outcome = data.outcome;
  return outcome;
}

/** Records the refund's outcome unless it is already the one recorded (the same event heard twice changes nothing). */
export function decideRefundSettled(order: OrderState, history: StoredEvent[], refundId: string, outcome: RefundOutcome): NewEvent[] {
  if (refundOutcome(history, refundId) === outcome) return [];
  return [{ type: 'OrderRefundSettled', data: { orderId: order.orderId, memberId: order.memberId, refundId, outcome } }];
}
