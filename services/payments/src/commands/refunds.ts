import { foldPayment, paymentStream } from '../domain/payment.js';
import type { RefundRequest } from '../gateway/payment-gateway.js';
import { type PaymentsContext, record } from './context.js';

/**
 * Gives a successful payment's money back at the gateway, then records `PaymentRefunded` once. The refund id is the
 * gateway's idempotency anchor, so asking again (after a crash between the halves) refunds once.
 */
export async function refundPayment(context: PaymentsContext, paymentId: string, request: RefundRequest, reason: string) {
  const refund = await context.gateway.refund(request);
  await context.events.transact(async (unit) => {
    const history = await unit.readStream(paymentStream(paymentId));
    if (history.some((event) => event.type === 'PaymentRefunded')) return;
    const payment = foldPayment(history);
    if (!payment) return;
    await record(unit, paymentStream(paymentId), history.length, [
      {
        type: 'PaymentRefunded',
        data: {
          paymentId,
          orderId: request.orderId,
          memberId: payment.memberId,
          refundId: request.refundId,
          amountPaise: refund.amountPaise,
          reason,
        },
      },
    ]);
  });
  return { refundId: request.refundId, status: refund.status, amountPaise: refund.amountPaise };
}
