import { createHash } from 'node:crypto';
import { type GatewayWebhook, WebhookRejected } from '../payment-gateway.js';
import { isStale, signatureMatches } from '../webhook-signature.js';
import { authorizationDetailsOf } from './entity-mapping.js';
import type { AuthorizationDetails } from './wire-types.js';

type Kind = GatewayWebhook['kind'];
type Data = Record<string, unknown>;

const PAYMENT_EVENTS = new Set(['PAYMENT_SUCCESS_WEBHOOK', 'PAYMENT_FAILED_WEBHOOK', 'PAYMENT_USER_DROPPED_WEBHOOK']);
/**
 * An order's refund: the 2025-01-01 document's RefundWebhook names REFUND_SUCCESS_WEBHOOK, its webhook pages
 * REFUND_STATUS_WEBHOOK. Both carry `data.refund` (RefundWebhookDataEntity), and either is only a hint to read the refund.
 */
const REFUND_EVENTS = new Set(['REFUND_STATUS_WEBHOOK', 'REFUND_SUCCESS_WEBHOOK']);
/** 2025-01-01 says CHANGED; 2023-08-01 (and a merchant whose endpoint is still on it) says CHANGE. */
const SUBSCRIPTION_STATUS_EVENTS = new Set(['SUBSCRIPTION_STATUS_CHANGED', 'SUBSCRIPTION_STATUS_CHANGE']);
const SUBSCRIPTION_PAYMENT_EVENTS = new Set([
  'SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED',
  'SUBSCRIPTION_PAYMENT_SUCCESS',
  'SUBSCRIPTION_PAYMENT_FAILED',
  'SUBSCRIPTION_PAYMENT_CANCELLED',
  'SUBSCRIPTION_CONTROLLED_NOTIFICATION_STATUS',
  'SUBSCRIPTION_CONTROLLED_EXECUTION_STATUS',
]);

const objectAt = (value: unknown): Data | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : undefined;
const stringAt = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * Checks a Cashfree webhook (signature over `x-webhook-timestamp` + raw body, then age) and reduces it to the
 * record it concerns. The signature is checked before anything in the body is trusted; the status is only a hint,
 * since deliveries may arrive late, twice or out of order.
 */
export function verifyCashfreeWebhook(secret: string, rawBody: string, headers: Headers, now: Date): GatewayWebhook {
  const signature = headers.get('x-webhook-signature');
  const timestamp = headers.get('x-webhook-timestamp');
  if (!signature || !timestamp) throw new WebhookRejected('malformed');
  if (!signatureMatches(secret, timestamp, rawBody, signature)) throw new WebhookRejected('signature');
  if (!/^\d+$/.test(timestamp) || isStale(Number(timestamp), now)) throw new WebhookRejected('stale');
  let envelope: Data | undefined;
  try {
    envelope = objectAt(JSON.parse(rawBody));
  } catch {
    envelope = undefined;
  }
  const type = envelope?.type;
  if (!envelope || typeof type !== 'string' || type === '') throw new WebhookRejected('malformed');
  // The delivery's id comes from what the signature covers. Cashfree's x-idempotency-key is not signed: keyed on it,
  // a replay under a new key would be applied again, and a genuine webhook sent under an old key ignored. Its
  // payloads carry no event id of their own (PaymentWebhook: data, event_time, type).
  const id = createHash('sha256')
    .update(timestamp + rawBody)
    .digest('hex');
  return { id, type, ...describe(type, objectAt(envelope.data) ?? {}) };
}

type Described = Omit<GatewayWebhook, 'id' | 'type'>;

function describe(type: string, data: Data): Described {
  if (PAYMENT_EVENTS.has(type)) {
    const order = objectAt(data.order);
    const payment = objectAt(data.payment);
    return only('payment', {
      orderId: stringAt(order?.order_id),
      paymentId: stringAt(payment?.cf_payment_id),
      status: stringAt(payment?.payment_status),
    });
  }
  if (REFUND_EVENTS.has(type)) {
    const refund = objectAt(data.refund) ?? {};
    return only('refund', {
      orderId: stringAt(refund.order_id),
      paymentId: stringAt(refund.cf_payment_id),
      refundId: stringAt(refund.refund_id),
      status: stringAt(refund.refund_status),
    });
  }
  if (SUBSCRIPTION_STATUS_EVENTS.has(type)) {
    // 2025-01-01 nests the subscription; older payloads were flat.
    const subscription = objectAt(data.subscription_details) ?? data;
    return only('subscription', {
      subscriptionId: stringAt(subscription.subscription_id),
      status: stringAt(subscription.subscription_status),
    });
  }
  if (type === 'SUBSCRIPTION_AUTH_STATUS') {
    return only('subscription', {
      subscriptionId: stringAt(data.subscription_id),
      paymentId: stringAt(data.payment_id),
      status: authorizationStatus(data) ?? stringAt(data.payment_status),
    });
  }
  if (type === 'SUBSCRIPTION_CARD_EXPIRY_REMINDER') {
    const holder = objectAt(data.subscription_status_webhook) ?? data;
    const subscription = objectAt(holder.subscription_details) ?? holder;
    return only('subscription', {
      subscriptionId: stringAt(subscription.subscription_id),
      status: stringAt(subscription.subscription_status),
    });
  }
  if (SUBSCRIPTION_PAYMENT_EVENTS.has(type)) {
    const subscriptionId = stringAt(data.subscription_id) ?? stringAt(objectAt(data.subscription_details)?.subscription_id);
    // The mandate's own first debit is an AUTH payment: it tells us about the subscription, not about a charge of ours.
    if (data.payment_type === 'AUTH') {
      return only('subscription', {
        subscriptionId,
        paymentId: stringAt(data.payment_id),
        status: authorizationStatus(data) ?? stringAt(data.payment_status),
      });
    }
    return only('subscription_payment', { subscriptionId, paymentId: stringAt(data.payment_id), status: stringAt(data.payment_status) });
  }
  if (type === 'SUBSCRIPTION_REFUND_STATUS') {
    return only('refund', {
      subscriptionId: stringAt(data.subscription_id),
      paymentId: stringAt(data.payment_id),
      refundId: stringAt(data.refund_id),
      status: stringAt(data.refund_status),
    });
  }
  return { kind: 'unknown' };
}

function authorizationStatus(data: Data): string | undefined {
  const details = authorizationDetailsOf(
    data as { authorization_details?: AuthorizationDetails; authorisation_details?: AuthorizationDetails },
  );
  // 2023-08-01 payloads wrote the block in camelCase.
  return stringAt(details?.authorization_status) ?? stringAt((details as Data | undefined)?.authorizationStatus);
}

/** Leaves out what the payload did not carry, so `toEqual` in callers' tests reads naturally. */
function only(kind: Kind, fields: Omit<Described, 'kind'>): Described {
  const described: Described = { kind };
  for (const [key, value] of Object.entries(fields) as [keyof Omit<Described, 'kind'>, string | undefined][]) {
    if (value !== undefined) described[key] = value;
  }
  return described;
}
