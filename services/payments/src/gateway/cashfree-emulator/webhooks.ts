import { createHash, createHmac } from 'node:crypto';
import {
  type AuthorisationField,
  type EmulatedSubscription,
  type EmulatorState,
  ist,
  type PaymentJson,
  type SubscriptionPaymentJson,
} from './state.js';

/** A signed delivery as Cashfree would POST it: the raw body exactly as signed, and its headers. */
export interface WebhookDelivery {
  type: string;
  body: string;
  headers: Record<string, string>;
  headersObject(): Headers;
  /** For any handler that takes a Request (Hono's `app.request`, `fetch`). */
  toRequest(url: string): Request;
}

export interface DeliveryOptions {
  /** Epoch milliseconds of `x-webhook-timestamp` (default now). */
  timestampMs?: number;
  /** Signs with this instead of the client secret: a forged delivery. */
  secret?: string;
  /** Versions before 2025-01-01 send no `x-idempotency-key`. */
  withoutIdempotencyKey?: boolean;
  version?: string;
  attempt?: number;
}

export interface SubscriptionEventOptions extends DeliveryOptions {
  /** `SUBSCRIPTION_STATUS_CHANGE` is the 2023-08-01 spelling. */
  type?: 'SUBSCRIPTION_STATUS_CHANGED' | 'SUBSCRIPTION_STATUS_CHANGE';
  /** Which spelling the authorisation block gets (default: the one the emulator's responses use). */
  authorisationField?: AuthorisationField;
}

/** Rupee amounts written with two decimals (`999.00`), as Cashfree's raw bodies have them and JSON.stringify cannot. */
class Money {
  constructor(readonly rupees: number) {}
  toJSON() {
    return `@@money:${this.rupees.toFixed(2)}@@`;
  }
}
const money = (rupees: number) => new Money(rupees);
const serialise = (value: unknown) => JSON.stringify(value).replace(/"@@money:(-?[0-9.]+)@@"/g, '$1');

/**
 * Builds Cashfree's webhook deliveries from the emulator's records, with the payload shapes of the research notes
 * (sections 2.2 and 2.4) and the signature Cashfree documents: Base64(HMAC-SHA256(secret, timestamp + body)),
 * computed here on its own rather than with the adapter's helper, so a fault there cannot cancel out.
 */
export class WebhookFactory {
  constructor(
    private readonly state: EmulatorState,
    private readonly secret: string,
  ) {}

  /** PAYMENT_SUCCESS_WEBHOOK, PAYMENT_FAILED_WEBHOOK or PAYMENT_USER_DROPPED_WEBHOOK, after the payment's status. */
  payment(orderId: string, cfPaymentId?: string, options: DeliveryOptions = {}): WebhookDelivery {
    const order = this.state.orders.get(orderId);
    if (!order) throw new Error(`Cashfree emulator: no order ${orderId}`);
    const payment = cfPaymentId ? order.payments.find((p) => p.cf_payment_id === cfPaymentId) : order.payments.at(-1);
    if (!payment) throw new Error(`Cashfree emulator: no payment on order ${orderId}`);
    const type =
      payment.payment_status === 'SUCCESS'
        ? 'PAYMENT_SUCCESS_WEBHOOK'
        : payment.payment_status === 'USER_DROPPED'
          ? 'PAYMENT_USER_DROPPED_WEBHOOK'
          : 'PAYMENT_FAILED_WEBHOOK';
    const { customer_details: customer } = order.entity;
    const data = {
      order: {
        order_id: order.entity.order_id,
        order_amount: money(order.entity.order_amount),
        order_currency: order.entity.order_currency,
        order_tags: order.entity.order_tags,
      },
      payment: webhookPayment(payment),
      customer_details: {
        customer_name: customer.customer_name,
        customer_id: customer.customer_id,
        customer_email: customer.customer_email,
        customer_phone: customer.customer_phone,
      },
      payment_gateway_details: payment.payment_gateway_details,
      payment_offers: null,
      ...(payment.error_details ? { error_details: payment.error_details } : {}),
      terminal_details: null,
    };
    return this.deliver(type, data, options);
  }

  /** REFUND_STATUS_WEBHOOK, or REFUND_SUCCESS_WEBHOOK (the document's RefundWebhook example) with the same data. */
  refund(
    orderId: string,
    refundId: string,
    options: DeliveryOptions & { type?: 'REFUND_STATUS_WEBHOOK' | 'REFUND_SUCCESS_WEBHOOK' } = {},
  ): WebhookDelivery {
    const refund = this.state.orders.get(orderId)?.refunds.find((r) => r.refund_id === refundId);
    if (!refund) throw new Error(`Cashfree emulator: no refund ${refundId} on ${orderId}`);
    return this.deliver(
      options.type ?? 'REFUND_STATUS_WEBHOOK',
      { refund: { ...refund, refund_amount: money(refund.refund_amount) } },
      options,
    );
  }

  /** SUBSCRIPTION_REFUND_STATUS: the refund of a subscription's payment, flat (the research notes' REFUND_STATUS). */
  subscriptionRefund(subscriptionId: string, refundId: string, options: DeliveryOptions = {}): WebhookDelivery {
    const refund = this.subscription(subscriptionId).refunds.find((r) => r.refund_id === refundId);
    if (!refund) throw new Error(`Cashfree emulator: no refund ${refundId} on ${subscriptionId}`);
    return this.deliver(
      'SUBSCRIPTION_REFUND_STATUS',
      { subscription_id: subscriptionId, ...refund, refund_amount: money(refund.refund_amount), failure_details: null },
      options,
    );
  }

  /** SUBSCRIPTION_STATUS_CHANGED (or the older CHANGE): the subscription, its plan and its authorisation. */
  subscriptionStatus(subscriptionId: string, options: SubscriptionEventOptions = {}): WebhookDelivery {
    const subscription = this.subscription(subscriptionId);
    const { entity } = subscription;
    const data = {
      subscription_details: {
        cf_subscription_id: entity.cf_subscription_id,
        subscription_id: entity.subscription_id,
        subscription_status: entity.subscription_status,
        subscription_expiry_time: entity.subscription_expiry_time,
        subscription_first_charge_time: entity.subscription_first_charge_time,
        subscription_tags: entity.subscription_tags,
        next_schedule_date: null,
      },
      customer_details: {
        customer_name: entity.customer_details.customer_name,
        customer_email: entity.customer_details.customer_email,
        customer_phone: entity.customer_details.customer_phone,
      },
      plan_details: { ...entity.plan_details, plan_max_amount: money(entity.plan_details.plan_max_amount) },
      [options.authorisationField ?? this.state.authorisationField]: this.authorisation(subscription),
      payment_gateway_details: {
        gateway_name: 'CASHFREE',
        gateway_subscription_id: entity.cf_subscription_id,
        gateway_plan_id: null,
        gateway_auth_id: null,
      },
    };
    return this.deliver(options.type ?? 'SUBSCRIPTION_STATUS_CHANGED', data, options);
  }

  /** SUBSCRIPTION_AUTH_STATUS: the mandate's authorisation payment, flat. */
  subscriptionAuth(subscriptionId: string, options: SubscriptionEventOptions = {}): WebhookDelivery {
    const subscription = this.subscription(subscriptionId);
    const auth = [...subscription.payments.values()].find((p) => p.payment_type === 'AUTH');
    if (!auth) throw new Error(`Cashfree emulator: subscription ${subscriptionId} has no authorisation attempt`);
    return this.deliver(
      'SUBSCRIPTION_AUTH_STATUS',
      this.subscriptionPaymentData(subscription, auth, options.authorisationField ?? this.state.authorisationField),
      options,
    );
  }

  /** SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED, _SUCCESS, _FAILED or _CANCELLED, after the charge's status. */
  subscriptionPayment(subscriptionId: string, paymentId: string, options: DeliveryOptions = {}): WebhookDelivery {
    const subscription = this.subscription(subscriptionId);
    const payment = subscription.payments.get(paymentId);
    if (!payment) throw new Error(`Cashfree emulator: no payment ${paymentId} on ${subscriptionId}`);
    const type = {
      INITIALIZED: 'SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED',
      PENDING: 'SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED',
      SUCCESS: 'SUBSCRIPTION_PAYMENT_SUCCESS',
      FAILED: 'SUBSCRIPTION_PAYMENT_FAILED',
      CANCELLED: 'SUBSCRIPTION_PAYMENT_CANCELLED',
    }[payment.payment_status];
    return this.deliver(type, this.subscriptionPaymentData(subscription, payment, this.state.authorisationField), options);
  }

  /** Any type and payload, e.g. an event this integration does not know. */
  custom(type: string, data: unknown, options: DeliveryOptions = {}): WebhookDelivery {
    return this.deliver(type, data, options);
  }

  /** Signs a body as given, for tests that need bytes the builders would not produce. */
  sign(body: string, options: DeliveryOptions = {}): WebhookDelivery {
    let type = 'unknown';
    try {
      type = String((JSON.parse(body) as { type?: unknown }).type);
    } catch {
      // A deliberately broken body.
    }
    return this.signed(type, body, options);
  }

  private deliver(type: string, data: unknown, options: DeliveryOptions): WebhookDelivery {
    return this.signed(type, serialise({ data, event_time: ist(this.state.now()), type }), options);
  }

  private signed(type: string, body: string, options: DeliveryOptions): WebhookDelivery {
    const timestamp = String(options.timestampMs ?? this.state.now().getTime());
    const signature = createHmac('sha256', options.secret ?? this.secret)
      .update(timestamp + body)
      .digest('base64');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-webhook-signature': signature,
      'x-webhook-timestamp': timestamp,
      'x-webhook-version': options.version ?? '2025-01-01',
      'x-webhook-attempt': String(options.attempt ?? 1),
    };
    if (!options.withoutIdempotencyKey) headers['x-idempotency-key'] = createHash('sha256').update(body).digest('base64');
    return {
      type,
      body,
      headers,
      headersObject: () => new Headers(headers),
      toRequest: (url) => new Request(url, { method: 'POST', headers, body }),
    };
  }

  private subscription(subscriptionId: string): EmulatedSubscription {
    const subscription = this.state.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`Cashfree emulator: no subscription ${subscriptionId}`);
    return subscription;
  }

  private authorisation(subscription: EmulatedSubscription) {
    const auth = subscription.authorization;
    return {
      ...auth,
      authorization_amount: money(auth.authorization_amount),
      approve_by_time: null,
      payment_method: auth.payment_method === 'upi' ? { upi: { channel: 'link', upi_id: 'testsuccess@gocash' } } : null,
      payment_group: auth.payment_method,
    };
  }

  private subscriptionPaymentData(subscription: EmulatedSubscription, payment: SubscriptionPaymentJson, field: AuthorisationField) {
    return {
      payment_id: payment.payment_id,
      cf_payment_id: payment.cf_payment_id,
      cf_txn_id: payment.cf_txn_id,
      cf_order_id: payment.cf_order_id,
      subscription_id: payment.subscription_id,
      cf_subscription_id: payment.cf_subscription_id,
      payment_type: payment.payment_type,
      [field]: this.authorisation(subscription),
      payment_amount: money(payment.payment_amount),
      payment_currency: 'INR',
      payment_schedule_date: payment.payment_schedule_date,
      payment_initiated_date: payment.payment_initiated_date,
      payment_remarks: payment.payment_remarks,
      retry_attempts: payment.retry_attempts,
      failure_details: payment.failure_details,
      payment_status: payment.payment_status,
      payment_gateway_details: {
        gateway_name: 'CASHFREE',
        gateway_subscription_id: subscription.entity.cf_subscription_id,
        gateway_payment_id: payment.cf_payment_id,
      },
    };
  }
}

/** The payment block of a payment webhook: `PaymentEntity` without the fields that only the API carries. */
function webhookPayment(payment: PaymentJson) {
  return {
    cf_payment_id: payment.cf_payment_id,
    payment_status: payment.payment_status,
    payment_amount: money(payment.payment_amount),
    payment_currency: payment.payment_currency,
    payment_message: payment.payment_message,
    payment_time: payment.payment_time,
    bank_reference: payment.bank_reference,
    auth_id: payment.auth_id,
    payment_method: payment.payment_method,
    payment_group: payment.payment_group,
    international_payment: payment.international_payment,
    payment_surcharge: payment.payment_surcharge,
  };
}
