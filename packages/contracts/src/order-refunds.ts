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
