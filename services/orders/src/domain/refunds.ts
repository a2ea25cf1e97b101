import { type OrderRefundKind, type OrderRefundState, REFUND_CREDIT, type RefundChoice, refundLineChange } from '@elts/contracts';
import type { Refusal, StoredEvent } from '@elts/platform';
import type { OrderState } from './order.js';
import { asOrderEvents, type OrderEvent } from './order-events.js';

/**
 * The outcome of an order's refunds as payments settles them (docs/decisions/0025): orders hears PaymentRefunded or
 * RefundFailed and records `OrderRefundSettled` on the order's stream, once per refund and outcome. It may hear it
 * before it recorded the refund itself (the gateway settled at once, the answer was lost to a crash): the outcome is
 * recorded whatever the order knows, and read back when the refund is recorded.
 */
export type RefundOutcome = 'success' | 'failed';
/** Payments' answer when a refund is asked for: settled either way, or still with the gateway. */
export type RefundStatus = RefundOutcome | 'pending';

/** The refund's status to record: its settlement if already heard (it can come first), else payments' answer. */
export const refundStatusNow = (history: readonly StoredEvent[], refund: { refundId: string; status: RefundStatus }): RefundStatus =>
  refundOutcome(history, refund.refundId) ?? refund.status;

/** The latest outcome recorded for this refund on the order's stream, if any. */
export function refundOutcome(history: readonly StoredEvent[], refundId: string): RefundOutcome | undefined {
  let outcome: RefundOutcome | undefined;
  for (const event of asOrderEvents(history))
    if (event.type === 'OrderRefundSettled' && event.data.refundId === refundId) outcome = event.data.outcome;
  return outcome;
}

/** Records the refund's outcome unless it is already the one recorded (the same event heard twice changes nothing). */
export function decideRefundSettled(
  order: OrderState,
  history: readonly StoredEvent[],
  refundId: string,
  outcome: RefundOutcome,
): OrderEvent[] {
  if (refundOutcome(history, refundId) === outcome) return [];
  return [{ type: 'OrderRefundSettled', data: { orderId: order.orderId, memberId: order.memberId, refundId, outcome } }];
}

/** One refund of the order, folded from its stream: what it gives back, how, and where it stands. */
export interface RefundRecord {
  refundId: string;
  kind: OrderRefundKind;
  method: RefundChoice;
  amountPaise: number;
  reason: string;
  state: OrderRefundState;
  /** How a failed refund is being made good (RefundRetryChosen), once chosen. */
  retry: RefundChoice | null;
  /** The refund that made it good (RefundRetried), once made. */
  retriedBy: string | null;
}

/**
 * Every refund of an order from its stream (issue 32): asked (OrderRefunded, ExchangeRefunded, RefundRetried), then
 * settled (OrderRefundSettled, which may come first: it is applied when the refund is asked for too).
 */
export function foldRefunds(history: readonly StoredEvent[]): RefundRecord[] {
  const refunds: RefundRecord[] = [];
  const settled = new Map<string, OrderRefundState>();
  const outOfStock = history.some((event) => event.type === 'OrderCancelledOutOfStock');
  for (const { type, data } of history) {
    const change = refundLineChange(type, data);
    const refund = change && refunds.find((each) => each.refundId === change.refundId);
    if (change?.change === 'asked') {
      const failed = change.retryOf ? refunds.find((each) => each.refundId === change.retryOf) : undefined;
      if (failed) failed.retriedBy = change.refundId;
      const kind = change.kind ?? failed?.kind ?? (outOfStock ? 'out_of_stock' : 'late_payment');
      const { refundId, method, amountPaise, reason } = change;
      refunds.push({
        refundId,
        kind,
        method,
        amountPaise,
        reason,
        state: settled.get(refundId) ?? change.state,
        retry: null,
        retriedBy: null,
      });
    } else if (change?.change === 'settled') {
      settled.set(change.refundId, change.state);
      if (refund) refund.state = change.state;
    } else if (change?.change === 'retry_chosen' && refund) refund.retry = change.retry;
  }
  return refunds;
}

/** What a failed refund can be made good with: who may choose it, and whether credits can be spent. */
export interface RetryAsk {
  retryOf: string;
  method: RefundChoice;
  /** The member's active membership: credits are for spending on later orders. */
  membershipActive: boolean;
}

/**
 * Whether a failed refund may be made good now: only a refund the gateway failed, once (the first choice stands:
 * the same choice again carries on, the other is refused), credits only with an active membership.
 */
export function decideRetryChoice(order: OrderState, refunds: RefundRecord[], ask: RetryAsk): OrderEvent[] | 'same' | Refusal {
  const failed = refunds.find((refund) => refund.refundId === ask.retryOf);
  if (!failed) return { kind: 'not_found', message: 'Refund not found' };
  if (failed.retry === ask.method) return 'same';
  if (failed.retry) return { kind: 'conflict', message: RETRIED[failed.retry] };
  if (failed.state !== 'refund_failed') return { kind: 'conflict', message: 'Only a refund the payment gateway failed can be made again.' };
  if (ask.method === 'credits' && !ask.membershipActive) return { kind: 'conflict', message: REFUND_CREDIT.notUsable };
  const data = { orderId: order.orderId, memberId: order.memberId, retryOf: ask.retryOf, method: ask.method };
  return [{ type: 'RefundRetryChosen', data }];
}

const RETRIED: Record<RefundChoice, string> = {
  fund_transfer: 'This refund is already being sent again to the original payment method.',
  credits: 'This refund was already taken as membership credit.',
};

/** The key under which a failed refund is sent again: one per failed refund, so a repeat asks for the same one. */
export const retryKey = (retryOf: string) => `retry-${retryOf}`;

/** The made-good refund's record, once, with payments' answer (or the settlement already heard). */
export function decideRetried(
  order: OrderState,
  history: readonly StoredEvent[],
  retryOf: string,
  refund: { refundId: string; status: RefundStatus },
): OrderEvent[] {
  const failed = foldRefunds(history).find((each) => each.refundId === retryOf);
  if (!failed?.retry || failed.retriedBy) return [];
  const data = {
    orderId: order.orderId,
    memberId: order.memberId,
    refundId: refund.refundId,
    retryOf,
    method: failed.retry,
    amountPaise: failed.amountPaise,
    reason: failed.reason,
    refundStatus: refundStatusNow(history, refund),
  };
  return [{ type: 'RefundRetried', data }];
}
