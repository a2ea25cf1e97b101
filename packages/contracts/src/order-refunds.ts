// Free of the schema library: the member's pages and the back office show these words.

/**
 * Every refund of a product order (issue 32), whatever caused it, told the same way on the member's order page, the
 * order history, the back office's Orders page and the mails: why (`kind`), how (`method`: back to the payment
 * method, or as membership credit), and where it stands (`state`). A fund transfer is `refunding` until the payment
 * gateway says the money went back (`refunded`) or failed it (`refund_failed`: an operator acts, and the member's
 * page says so); credits are `refunded` at once.
 */
export const ORDER_REFUND_KINDS = ['out_of_stock', 'exchange', 'late_payment'] as const;
export type OrderRefundKind = (typeof ORDER_REFUND_KINDS)[number];

export const ORDER_REFUND_STATES = ['refunding', 'refunded', 'refund_failed'] as const;
export type OrderRefundState = (typeof ORDER_REFUND_STATES)[number];

export const ORDER_REFUND_KIND_LABELS: Record<OrderRefundKind, string> = {
  out_of_stock: 'Out of stock',
  exchange: 'No replacement in stock',
  late_payment: 'Payment arrived too late',
};

export const ORDER_REFUND_STATE_LABELS: Record<OrderRefundState, string> = {
  refunding: 'Refund in progress',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
};

/** A refund's state from the gateway's word on it: asked and not settled, settled, or failed. */
export const refundStateOf = (status: 'pending' | 'success' | 'failed'): OrderRefundState =>
  status === 'pending' ? 'refunding' : status === 'success' ? 'refunded' : 'refund_failed';

/**
 * What one of an order's events changes about its refunds, for the services that keep them as lines (orders for the
 * member's pages, admin-bff for the Orders page), so both read the events the same way. `kind` null: the reader
 * decides it from what it kept, for a retry (the kind of the refund it makes good) and for an `OrderRefunded`
 * recorded before its kind was (an order cancelled as out of stock, else a late payment).
 */
export type RefundLineChange =
  | {
      change: 'asked';
      orderId: string;
      refundId: string;
      kind: OrderRefundKind | null;
      method: 'fund_transfer' | 'credits';
      amountPaise: number;
      reason: string;
      state: OrderRefundState;
      retryOf: string | null;
    }
  | { change: 'settled'; orderId: string; refundId: string; state: OrderRefundState }
  | { change: 'retry_chosen'; orderId: string; refundId: string; retry: 'fund_transfer' | 'credits' };

/** `data`: the event's data, as its schema validated it when it was appended. */
export function refundLineChange(type: string, data: any): RefundLineChange | undefined {
  const asked = (kind: OrderRefundKind | null, method: 'fund_transfer' | 'credits'): RefundLineChange => ({
    change: 'asked',
    orderId: data.orderId,
    refundId: data.refundId,
    kind,
    method,
    amountPaise: data.amountPaise,
    reason: data.reason,
    // Recorded before refunds had a status (2026-11-26): they were shown as refunded.
    state: refundStateOf(data.refundStatus ?? 'success'),
    retryOf: data.retryOf ?? null,
  });
  if (type === 'OrderRefunded') return asked(data.kind ?? null, data.method ?? 'fund_transfer');
  if (type === 'ExchangeRefunded') return asked('exchange', 'fund_transfer');
  if (type === 'RefundRetried') return asked(null, data.method);
  if (type === 'OrderRefundSettled')
    return { change: 'settled', orderId: data.orderId, refundId: data.refundId, state: refundStateOf(data.outcome) };
  if (type === 'RefundRetryChosen') return { change: 'retry_chosen', orderId: data.orderId, refundId: data.retryOf, retry: data.method };
  return undefined;
}
