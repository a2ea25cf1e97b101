import { FULFILMENT_STEP_LABELS, type FulfilmentStep } from './fulfilment.js';
import { ORDER_REFUND_STATE_LABELS, type OrderRefundState } from './order-refunds.js';

// Free of the schema library: every page that names an order's state uses it.

/**
 * Where a product order stands, in one vocabulary for the member's pages, the back office and the mails (issue 32).
 * The spec's status keeps its meaning for filters and the API (`pending` until paid, `completed` once paid, `failed`,
 * `cancelled`); what a person reads is the order's stage: waiting for payment, then the paid order's own step (the
 * same words as its delivery tracker: Paid, Processing, Shipped, Delivered), or what became of it, and once money
 * went back, where its latest refund stands.
 */
export type OrderStage = 'pending' | FulfilmentStep | 'failed' | 'cancelled' | OrderRefundState;

export const ORDER_STAGE_LABELS: Record<OrderStage, string> = {
  pending: 'Pending',
  ...FULFILMENT_STEP_LABELS,
  failed: 'Failed',
  cancelled: 'Cancelled',
  ...ORDER_REFUND_STATE_LABELS,
};

export interface OrderFacts {
  /** The spec's status: pending, processing (the back office's filter word for a paid order being processed), completed, failed, cancelled. */
  status: string | null | undefined;
  /** A paid order's own shipment step, if known. */
  fulfilmentStep?: FulfilmentStep | null | undefined;
  /** The state of its latest refund, if any. */
  refundState?: OrderRefundState | null | undefined;
}

/** The order's stage: a refund first (the money's story is the latest), then a paid order's step, then its status. */
export function orderStage({ status, fulfilmentStep, refundState }: OrderFacts): OrderStage {
  if (refundState) return refundState;
  if (status === 'completed' || status === 'processing') return fulfilmentStep ?? 'paid';
  if (status === 'failed' || status === 'cancelled') return status;
  return 'pending';
}
