import { COPY } from '@elts/contracts';
import type { NewEvent } from '@elts/platform';
import type { OrderPayment } from '../../commands/context.js';
import type { OrderState } from '../../domain/order.js';
import type { RefundStatus } from '../../domain/refunds.js';

/**
 * The order saga's decisions, in one place and free of I/O. The saga itself runs in commands/: the decision
 * (place-order.ts: claim the key, check, schedule the backstops, hold the stock, record the reservation), the
 * checkout that follows it (checkout.ts: spend the credit, open the payment; or cancel), and the settling
 * (settle-order.ts, driven by the payment's outcome through consumers/payments.ts, and by the backstops). Every call it makes is keyed by the order id, so each half may run
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
  /**
   * The order was given up before the money came (its time to pay ended, its payment failed, the member cancelled
   * it): its unit and credit went back then, and may be someone else's now (issues 33 and 35).
   */
  givenUp: 'The order had been given up when the payment arrived',
  outOfStock: 'Out of stock when the payment arrived',
} as const;

/**
 * What a successful payment does to its order. An open order completes (its stock, credit and place are held). An
 * order given up meanwhile (failed, or cancelled before payment) gave all three back: a payment that still succeeds
 * is refunded, never turned back into a sale behind the stock's back. A completed or refunded order, or one paid
 * and then cancelled, changes nothing.
 */
export function successMove(
  order: Pick<OrderState, 'status' | 'refunded'> & Partial<Pick<OrderState, 'cancelledAfterPayment'>>,
): 'complete' | 'refund' | 'nothing' {
  if (order.status === 'completed' || order.refunded || order.cancelledAfterPayment) return 'nothing';
  return order.status === 'failed' || order.status === 'cancelled' ? 'refund' : 'complete';
}

/** A reservation's time to pay, from the moment it is made (a drop's unit is the member's until then). */
export function reservedUntil(now: Date, payMinutes: number): Date {
  return new Date(now.getTime() + payMinutes * 60_000);
}

/**
 * Until when an order offers Pay now and Cancel: an unpaid reservation whose time to pay has not run out. Orders
 * from before reservations (no `reservedUntil`) opened their payment at once and offer neither.
 */
export function payUntil(order: { status: string; reservedUntil: Date | null }, now: Date): Date | null {
  if (order.status !== 'pending' || !order.reservedUntil) return null;
  return order.reservedUntil > now ? order.reservedUntil : null;
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
