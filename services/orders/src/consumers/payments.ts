import { PaymentFailed, PaymentRefunded, PaymentSucceeded, paymentsEvents, RefundFailed } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { OrdersContext } from '../commands/context.js';
import { recordRefundOutcome } from '../commands/exchanges.js';
import { settleOrder } from '../commands/settle-order.js';

/**
 * The saga's second half, driven by the payment's outcome, and each refund's outcome, for the order to show whether
 * the money went back (docs/decisions/0025). Steps call the catalog and payments, so they run outside transactions.
 */
export function orderPaymentsConsumer(context: OrdersContext) {
  return new EventConsumer('orders.payments', paymentsEvents, context.db)
    .step(PaymentSucceeded, async (data) => {
      if (data.paymentType !== 'product_order') return;
      await settleOrder(context, data.orderId, {
        paymentId: data.paymentId,
        status: 'success',
        amountPaise: data.amountPaise,
        method: data.method,
        transactionId: data.gatewayPaymentId,
        failureReason: null,
        autoFailed: false,
      });
    })
    .step(PaymentFailed, async (data) => {
      if (data.paymentType !== 'product_order') return;
      await settleOrder(context, data.orderId, {
        paymentId: data.paymentId,
        status: 'failed',
        amountPaise: 0,
        method: data.method,
        transactionId: null,
        failureReason: data.reason,
        autoFailed: data.autoFailed,
        cancelled: data.cancelled,
      });
    })
    .step(PaymentRefunded, (data) => recordRefundOutcome(context, data.orderId, data.refundId, 'success'))
    .step(RefundFailed, (data) => recordRefundOutcome(context, data.orderId, data.refundId, 'failed'));
}
