import { COPY } from '@elts/contracts';
import type { NewEvent } from '@elts/platform';
import type { OrderPayment } from '../commands/context.js';
import type { OrderState } from '../domain/order.js';
import type { RefundStatus } from '../domain/refunds.js';

/**
 * The order saga's decisions, in one place and free of I/O. The saga itself runs in commands/: its first half
 * (place-order.ts: claim the key, check, schedule the backstop, hold the stock, spend the credit, record the order,
 * start the payment) and its second half (settle-order.ts, driven by the payment's outcome through
 * consumers/payments.ts, and by the backstop). Every call it makes is keyed by the order id, so each half may run
 * again; these functions say what each step decides from what it has read.
 */

/** Is the product on sale now, by its window (its own, else its drop's)? Returns the refusal if not. */
export function saleRefusal(window: { saleStartAt: string | null; saleEndAt: string | null }, now: Date): string | undefined {
  if (window.saleStartAt && new Date(window.saleStartAt) > now) return 'The sale for this product has not started yet.';
  if (window.saleEndAt && new Date(window.saleEndAt) <= now) return 'Sale Ended';
  return undefined;
}

export type FailureStage = 'stock' | 'payment' | 'timeout' | 'cancelled';

/**
 * How a failed payment fails its order. Calling the payment off at checkout is the shopper's choice, not a failure:
 * the order is cancelled. A payment that timed out says so.
 */
export function failureOf(payment: Pick<OrderPayment, 'autoFailed' | 'failureReason'> & Partial<Pick<OrderPayment, 'cancelled'>>): {
  stage: FailureStage;
  reason: string;
} {
  if (payment.cancelled) return { stage: 'cancelled', reason: COPY.orderPage.cancelled };
  return { stage: payment.autoFailed ? 'timeout' : 'payment', reason: payment.failureReason ?? 'Payment failed' };
}

/** Why a successful payment is refunded instead of completing its order. */
export const REFUND_REASON = {
  /** Its place went to another order of the member's meanwhile (one of each). */
  orderedAgain: 'Already in another of your orders when the payment arrived',
  creditUsed: 'Membership credit already used when the payment arrived',
  outOfStock: 'Out of stock when the payment arrived',
} as const;

/**
 * What a successful payment needs before its order completes. None for an order still open: its stock, credit and
 * place are held. An order that failed or was cancelled meanwhile gave all three back, so a payment that succeeds
 * afterwards (a late one, or a retry on the same checkout) must take them again: its place under the one-of-each
 * rule (when the member buys one of each), its credit (when it had any), its stock. A completed or refunded order
 * needs nothing: the payment changes nothing (`settle: false`).
 */
export function successNeeds(
  order: Pick<OrderState, 'status' | 'refunded'> & Partial<Pick<OrderState, 'cancelledAfterPayment'>>,
  rules: { oneOfEach: boolean; creditPaise: number },
) {
  const settle = order.status !== 'completed' && !order.refunded && !order.cancelledAfterPayment;
  const late = order.status === 'failed' || order.status === 'cancelled';
  return { settle, place: settle && late && rules.oneOfEach, credit: settle && late && rules.creditPaise > 0 };
}

/**
 * The backstop, due long after any live placement: an order never recorded gives back what its saga may have taken;
 * one still pending asks for its payment, which settles it, or fails it when the payment was never started.
 */
export function backstopMove(order: { status: string } | undefined): 'give_back' | 'ask_payment' | 'nothing' {
  if (!order) return 'give_back';
  return order.status === 'pending' ? 'ask_payment' : 'nothing';
}

export function decideCompletion(
  state: OrderState,
  payment: { paymentId: string; transactionId: string | null; method: string | null },
): NewEvent[] {
  // A completed order stays completed; a failed one completes when its payment came late and its stock was kept.
  if (state.status === 'completed' || state.refunded || state.cancelledAfterPayment) return [];
  return [
    {
      type: 'OrderCompleted',
      data: {
        orderId: state.orderId,
        memberId: state.memberId,
        productId: state.productId,
        quantity: state.quantity,
        amountPaise: state.amountPaise,
        paymentId: payment.paymentId,
        transactionId: payment.transactionId,
        method: payment.method,
      },
    },
  ];
}

/** An open order fails (or is cancelled, when the shopper called the payment off); a settled one stays as it is. */
export function decideFailure(state: OrderState, stage: FailureStage, reason: string): NewEvent[] {
  if (state.status !== 'pending' && state.status !== 'processing') return [];
  return [{ type: 'OrderFailed', data: { orderId: state.orderId, memberId: state.memberId, productId: state.productId, stage, reason } }];
}

export function decideRefund(state: OrderState, refund: { refundId: string; status: RefundStatus }, reason: string): NewEvent[] {
  if (state.refunded) return [];
  const { orderId, memberId, amountPaise } = state;
  return [
    {
      type: 'OrderRefunded',
      data: { orderId, memberId, refundId: refund.refundId, amountPaise, reason, kind: 'late_payment', refundStatus: refund.status },
    },
  ];
}
