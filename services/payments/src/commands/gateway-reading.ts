import type { GatewayReading, PaymentState, Settlement } from '../domain/payment.js';
import type { GatewayPayment, PaymentMethodKind } from '../gateway/payment-gateway.js';
import type { PaymentsContext } from './context.js';

export type { GatewayReading };

/**
 * What the gateway says about a payment now. Checkout orders are read from the order and its attempts; a
 * membership's first payment from the mandate's authorisation; a renewal from its charge.
 */
export async function readGateway(context: PaymentsContext, payment: PaymentState): Promise<GatewayReading> {
  const { gateway } = context;
  if (payment.purpose === 'membership' && payment.subscriptionId) {
    const subscription = await gateway.getSubscription(payment.subscriptionId);
    const auth = subscription.authorization;
    if (auth?.status === 'ACTIVE' || auth?.status === 'SUCCESS' || subscription.status === 'ACTIVE') {
      return {
        verdict: 'paid',
        settlement: { method: auth?.method ?? 'upi', gatewayPaymentId: auth?.paymentId ?? null, bankReference: auth?.reference ?? null },
      };
    }
    if (auth?.status === 'FAILED') return { verdict: 'declined', reason: 'The mandate was not authorised', method: auth.method ?? 'upi' };
    if (['LINK_EXPIRED', 'EXPIRED', 'CANCELLED', 'CUSTOMER_CANCELLED'].includes(subscription.status)) {
      return { verdict: 'declined', reason: `The mandate ended: ${subscription.status.toLowerCase().replace(/_/g, ' ')}`, method: null };
    }
    return { verdict: 'unsettled', attempted: auth?.status === 'PENDING' || subscription.status === 'BANK_APPROVAL_PENDING' };
  }
  if (payment.purpose === 'renewal' && payment.subscriptionId) {
    const charge = await gateway.getCharge(payment.subscriptionId, payment.paymentId);
    if (charge.status === 'SUCCESS')
      return { verdict: 'paid', settlement: { method: 'upi', gatewayPaymentId: charge.gatewayPaymentId, bankReference: null } };
    if (charge.status === 'FAILED' || charge.status === 'CANCELLED') {
      return { verdict: 'declined', reason: charge.failureReason ?? `Renewal charge ${charge.status.toLowerCase()}`, method: 'upi' };
    }
    return { verdict: 'unsettled', attempted: charge.status === 'PENDING' };
  }
  const [order, attempts] = await Promise.all([gateway.getOrder(payment.orderId), gateway.listPayments(payment.orderId)]);
  const success = attempts.find((attempt) => attempt.status === 'SUCCESS');
  if (order.status === 'PAID' || success) {
    return {
      verdict: 'paid',
      settlement: {
        method: success?.method ?? 'other',
        gatewayPaymentId: success?.gatewayPaymentId ?? null,
        bankReference: success?.bankReference ?? null,
      },
    };
  }
  const last = latest(attempts);
  if (last && ['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID'].includes(last.status)) {
    return { verdict: 'declined', reason: failureReason(last), method: last.method, cancelled: last.status === 'USER_DROPPED' };
  }
  if (order.status === 'EXPIRED' || order.status === 'TERMINATED')
    return { verdict: 'declined', reason: 'The payment window closed', method: null };
  return { verdict: 'unsettled', attempted: last?.status === 'PENDING' };
}

const latest = (attempts: GatewayPayment[]) => attempts.at(-1);

function failureReason(attempt: GatewayPayment): string {
  if (attempt.status === 'USER_DROPPED') return 'Payment cancelled by the customer';
  return attempt.failureReason ?? attempt.message ?? 'Payment failed';
}
