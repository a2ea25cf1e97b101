import { createHash } from 'node:crypto';
import { indianWallClock, rupeesOf } from '@elts/contracts';
import { webhookSignature } from '../gateway/webhook-signature.js';

/** IST timestamps as Cashfree writes them (2026-11-22T18:02:46+05:30). */
export function istTimestamp(at: Date): string {
  return `${indianWallClock(at)}+05:30`;
}

const methodObject = (method: string, umn?: string) => {
  if (method === 'card')
    return { card: { channel: 'link', card_number: 'XXXXXXXXXXXX1111', card_network: 'visa', card_type: 'credit_card' } };
  if (method === 'netbanking')
    return { netbanking: { channel: 'link', netbanking_bank_code: 3044, netbanking_bank_name: 'State Bank of India' } };
  return { upi: { channel: 'link', upi_id: umn ?? 'member@upi' } };
};
const paymentGroup = (method: string) => (method === 'card' ? 'credit_card' : method === 'netbanking' ? 'net_banking' : 'upi');

export function paymentWebhook(
  type: 'PAYMENT_SUCCESS_WEBHOOK' | 'PAYMENT_FAILED_WEBHOOK' | 'PAYMENT_USER_DROPPED_WEBHOOK',
  order: { orderId: string; amountPaise: number; customer: { id: string; name: string; email: string; phone: string } },
  payment: { id: string; status: string; method: string; message: string; at: Date },
) {
  return {
    type,
    event_time: istTimestamp(payment.at),
    data: {
      order: { order_id: order.orderId, order_amount: rupeesOf(order.amountPaise), order_currency: 'INR', order_tags: null },
      payment: {
        cf_payment_id: payment.id,
        payment_status: payment.status,
        payment_amount: rupeesOf(order.amountPaise),
        payment_currency: 'INR',
        payment_message: payment.message,
        payment_time: istTimestamp(payment.at),
        bank_reference: payment.status === 'SUCCESS' ? `SIM${payment.id.slice(-10)}` : null,
        auth_id: null,
        payment_method: methodObject(payment.method),
        payment_group: paymentGroup(payment.method),
      },
      customer_details: {
        customer_name: order.customer.name,
        customer_id: order.customer.id,
        customer_email: order.customer.email,
        customer_phone: order.customer.phone,
      },
      payment_gateway_details: { gateway_name: 'CASHFREE', gateway_order_id: order.orderId, gateway_payment_id: payment.id },
      error_details:
        payment.status === 'SUCCESS'
          ? null
          : {
              error_code: payment.status === 'USER_DROPPED' ? 'USER_DROPPED' : 'TRANSACTION_DECLINED',
              error_description: payment.message,
              error_reason: payment.message,
              error_source: 'customer',
            },
    },
  };
}

export function subscriptionStatusWebhook(subscription: {
  subscriptionId: string;
  status: string;
  authorizationStatus: string;
  umn: string | null;
  amountPaise: number;
  authorizationPaymentId: string | null;
  at: Date;
}) {
  return {
    type: 'SUBSCRIPTION_STATUS_CHANGED',
    event_time: istTimestamp(subscription.at),
    data: {
      subscription_details: {
        cf_subscription_id: `cf_${subscription.subscriptionId}`,
        subscription_id: subscription.subscriptionId,
        subscription_status: subscription.status,
      },
      authorization_details: {
        authorization_amount: rupeesOf(subscription.amountPaise),
        authorization_status: subscription.authorizationStatus,
        authorization_reference: subscription.umn,
        payment_id: subscription.authorizationPaymentId,
        payment_method: methodObject('upi', subscription.umn ?? undefined),
      },
    },
  };
}

export function subscriptionPaymentWebhook(
  type: 'SUBSCRIPTION_AUTH_STATUS' | 'SUBSCRIPTION_PAYMENT_SUCCESS' | 'SUBSCRIPTION_PAYMENT_FAILED',
  payment: {
    subscriptionId: string;
    paymentId: string;
    paymentType: 'AUTH' | 'CHARGE';
    status: string;
    amountPaise: number;
    failureReason: string | null;
    at: Date;
  },
) {
  return {
    type,
    event_time: istTimestamp(payment.at),
    data: {
      payment_id: payment.paymentId,
      cf_payment_id: `cf_${payment.paymentId}`,
      subscription_id: payment.subscriptionId,
      cf_subscription_id: `cf_${payment.subscriptionId}`,
      payment_type: payment.paymentType,
      payment_amount: rupeesOf(payment.amountPaise),
      payment_currency: 'INR',
      payment_status: payment.status,
      failure_details: payment.failureReason ? { failure_reason: payment.failureReason } : null,
    },
  };
}

/**
 * A refund's webhook: REFUND_STATUS_WEBHOOK with the refund entity for an order's refund, SUBSCRIPTION_REFUND_STATUS
 * for the refund of a subscription's payment.
 */
export function refundWebhook(
  refund: { refund_id: string; order_id: string; amount_paise: number; status: string; created_at: Date },
  mandated: { subscriptionId: string; paymentId: string } | null,
) {
  const at = new Date();
  if (mandated) {
    return {
      type: 'SUBSCRIPTION_REFUND_STATUS',
      event_time: istTimestamp(at),
      data: {
        subscription_id: mandated.subscriptionId,
        payment_id: mandated.paymentId,
        refund_id: refund.refund_id,
        cf_refund_id: `cf_${refund.refund_id}`,
        refund_amount: rupeesOf(Number(refund.amount_paise)),
        refund_status: refund.status,
      },
    };
  }
  return {
    type: 'REFUND_STATUS_WEBHOOK',
    event_time: istTimestamp(at),
    data: {
      refund: {
        cf_refund_id: `cf_${refund.refund_id}`,
        cf_payment_id: null,
        refund_id: refund.refund_id,
        order_id: refund.order_id,
        entity: 'refund',
        refund_amount: rupeesOf(Number(refund.amount_paise)),
        refund_currency: 'INR',
        refund_status: refund.status,
        refund_type: 'MERCHANT_INITIATED',
        created_at: istTimestamp(refund.created_at),
        processed_at: istTimestamp(at),
      },
    },
  };
}

/** A webhook delivery as Cashfree makes it: the body, and the headers that sign it. */
export function signedDelivery(secret: string, payload: object, at: Date = new Date()): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(payload);
  const timestamp = String(at.getTime());
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-signature': webhookSignature(secret, timestamp, body),
      'x-webhook-timestamp': timestamp,
      'x-webhook-version': '2025-01-01',
      'x-webhook-attempt': '1',
      'x-idempotency-key': createHash('sha256').update(body).digest('base64url'),
    },
  };
}
