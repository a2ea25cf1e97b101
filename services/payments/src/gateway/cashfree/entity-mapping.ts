import { paiseOf } from '@elts/contracts';
import {
  type GatewayAuthorizationStatus,
  type GatewayCharge,
  type GatewayChargeStatus,
  GatewayError,
  type GatewayOrder,
  type GatewayOrderStatus,
  type GatewayPayment,
  type GatewayPaymentStatus,
  type GatewayRefund,
  type GatewayRefundStatus,
  type GatewaySubscription,
  type GatewaySubscriptionStatus,
  type PaymentMethodKind,
} from '../payment-gateway.js';
import { parseCashfreeTime } from './cashfree-time.js';
import type {
  AuthorizationDetails,
  OrderEntity,
  PaymentEntity,
  RefundEntity,
  SubscriptionEntity,
  SubscriptionPaymentEntity,
} from './wire-types.js';

const ORDER_STATUSES: readonly GatewayOrderStatus[] = ['ACTIVE', 'PAID', 'EXPIRED', 'TERMINATED', 'TERMINATION_REQUESTED'];
const PAYMENT_STATUSES: readonly GatewayPaymentStatus[] = [
  'SUCCESS',
  'NOT_ATTEMPTED',
  'FAILED',
  'USER_DROPPED',
  'VOID',
  'CANCELLED',
  'PENDING',
];
const REFUND_STATUSES: readonly GatewayRefundStatus[] = ['SUCCESS', 'PENDING', 'CANCELLED', 'ONHOLD', 'FAILED'];
const SUBSCRIPTION_STATUSES: readonly GatewaySubscriptionStatus[] = [
  'INITIALIZED',
  'BANK_APPROVAL_PENDING',
  'ACTIVE',
  'ON_HOLD',
  'PAUSED',
  'COMPLETED',
  'CUSTOMER_CANCELLED',
  'CUSTOMER_PAUSED',
  'EXPIRED',
  'LINK_EXPIRED',
  'CARD_EXPIRED',
  'CANCELLED',
];
const AUTHORIZATION_STATUSES: readonly GatewayAuthorizationStatus[] = ['INITIALIZED', 'PENDING', 'ACTIVE', 'SUCCESS', 'FAILED'];
const CHARGE_STATUSES: readonly GatewayChargeStatus[] = ['INITIALIZED', 'PENDING', 'SUCCESS', 'FAILED', 'CANCELLED'];

const known = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * A status we have no word for. Order and subscription statuses decide what a member may do, so guessing one is
 * worse than failing loudly; payment, refund and charge statuses fall back to PENDING, which only means "ask again".
 */
const unexpected = (what: string, value: unknown) =>
  new GatewayError(502, 'unexpected_status', `Cashfree answered an unknown ${what} status ${JSON.stringify(value)}`, false);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const id = (value: unknown): string => (typeof value === 'number' ? String(value) : (text(value) ?? ''));
const paise = (value: unknown): number => {
  const amount = paiseOf(typeof value === 'number' || typeof value === 'string' ? value : Number.NaN);
  return Number.isFinite(amount) ? amount : 0;
};

export function orderFrom(entity: OrderEntity): GatewayOrder {
  const status = known(ORDER_STATUSES, entity.order_status);
  if (!status) throw unexpected('order', entity.order_status);
  const paymentLink = text(entity.payment_link) ?? text(entity.payment_links?.web);
  const expiresAt = parseCashfreeTime(entity.order_expiry_time);
  return {
    orderId: entity.order_id ?? '',
    gatewayOrderId: id(entity.cf_order_id),
    status,
    amountPaise: paise(entity.order_amount),
    paymentSessionId: entity.payment_session_id ?? '',
    ...(paymentLink ? { paymentLink } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
}

/** `payment_method` is `{upi: {...}}`, `{card: {...}}`, ... in payments, and a bare word in subscription responses. */
export function methodFrom(method: unknown, group?: unknown): PaymentMethodKind {
  const words: string[] = [];
  if (typeof method === 'string') words.push(method);
  else if (method && typeof method === 'object') words.push(...Object.keys(method));
  if (typeof group === 'string') words.push(group);
  for (const word of words.map((w) => w.toLowerCase())) {
    if (word.includes('upi')) return 'upi';
    if (word.includes('card') && !word.includes('cardless')) return 'card';
    if (word === 'netbanking' || word === 'net_banking' || word === 'nb') return 'netbanking';
  }
  return 'other';
}

export function paymentFrom(entity: PaymentEntity): GatewayPayment {
  const completedAt = parseCashfreeTime(entity.payment_completion_time);
  const failureReason = text(entity.error_details?.error_description) ?? text(entity.error_details?.error_reason);
  const message = text(entity.payment_message);
  const bankReference = text(entity.bank_reference);
  return {
    gatewayPaymentId: id(entity.cf_payment_id),
    status: known(PAYMENT_STATUSES, entity.payment_status) ?? 'PENDING',
    amountPaise: paise(entity.payment_amount),
    method: methodFrom(entity.payment_method, entity.payment_group),
    ...(message ? { message } : {}),
    ...(bankReference ? { bankReference } : {}),
    ...(completedAt ? { completedAt } : {}),
    ...(failureReason ? { failureReason } : {}),
  };
}

export function refundFrom(entity: RefundEntity): GatewayRefund {
  return {
    refundId: entity.refund_id ?? '',
    gatewayRefundId: id(entity.cf_refund_id),
    // INITIATED (the subscription refund's first status in Cashfree's document) is a refund taken and not yet made.
    status: entity.refund_status === 'INITIATED' ? 'PENDING' : (known(REFUND_STATUSES, entity.refund_status) ?? 'PENDING'),
    amountPaise: paise(entity.refund_amount),
  };
}

/** Either spelling of the authorisation block (see `SubscriptionEntity`). */
export const authorizationDetailsOf = (holder: {
  authorization_details?: AuthorizationDetails | null;
  authorisation_details?: AuthorizationDetails | null;
}): AuthorizationDetails | undefined => holder.authorization_details ?? holder.authorisation_details ?? undefined;

export function subscriptionFrom(entity: SubscriptionEntity): GatewaySubscription {
  const status = known(SUBSCRIPTION_STATUSES, entity.subscription_status);
  if (!status) throw unexpected('subscription', entity.subscription_status);
  const details = authorizationDetailsOf(entity);
  const subscription: GatewaySubscription = {
    subscriptionId: entity.subscription_id ?? '',
    gatewaySubscriptionId: id(entity.cf_subscription_id),
    status,
    sessionId: entity.subscription_session_id ?? '',
  };
  if (details) {
    const paymentId = text(details.payment_id);
    const reference = text(details.authorization_reference);
    const authorizedAt = parseCashfreeTime(details.authorization_time);
    const hasMethod = details.payment_method !== null && details.payment_method !== undefined && details.payment_method !== '';
    const amount = details.authorization_amount;
    subscription.authorization = {
      status: known(AUTHORIZATION_STATUSES, details.authorization_status) ?? 'PENDING',
      ...(paymentId ? { paymentId } : {}),
      ...(reference ? { reference } : {}),
      ...(hasMethod ? { method: methodFrom(details.payment_method) } : {}),
      ...(amount !== null && amount !== undefined && amount !== '' ? { amountPaise: paise(amount) } : {}),
      ...(authorizedAt ? { authorizedAt } : {}),
    };
  }
  return subscription;
}

export function chargeFrom(entity: SubscriptionPaymentEntity): GatewayCharge {
  const failureReason = text(entity.failure_details?.failure_reason);
  return {
    paymentId: entity.payment_id ?? '',
    gatewayPaymentId: id(entity.cf_payment_id),
    status: known(CHARGE_STATUSES, entity.payment_status) ?? 'PENDING',
    amountPaise: paise(entity.payment_amount),
    ...(failureReason ? { failureReason } : {}),
  };
}
