import { randomBytes } from 'node:crypto';
import type { GatewaySubscriptionStatus } from '../payment-gateway.js';

/** The fake's records, with the document's field names (schemas named per type) so responses are these objects. */

/** `OrderEntity`. */
export interface OrderJson {
  cf_order_id: string;
  order_id: string;
  entity: 'order';
  order_currency: string;
  order_amount: number;
  order_status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED' | 'TERMINATION_REQUESTED';
  payment_session_id: string;
  order_expiry_time: string;
  order_note: string | null;
  created_at: string;
  order_splits: unknown[];
  customer_details: {
    customer_id: string;
    customer_name: string | null;
    customer_email: string | null;
    customer_phone: string;
    customer_uid: string | null;
  };
  order_meta: { return_url: string | null; notify_url: string | null; payment_methods: string | null };
  order_tags: Record<string, string> | null;
  cart_details: null;
  terminal_data: null;
}

export type PaymentMethodName = 'upi' | 'card' | 'netbanking';

/** `PaymentEntity`. */
export interface PaymentJson {
  cf_payment_id: string;
  order_id: string;
  entity: 'payment';
  error_details: {
    error_code: string;
    error_description: string;
    error_reason: string;
    error_source: string;
    error_code_raw: string;
    error_description_raw: string;
    error_subcode_raw: string;
  } | null;
  is_captured: boolean;
  order_amount: number;
  order_currency: string;
  payment_group: string;
  payment_currency: string;
  payment_amount: number;
  payment_time: string;
  payment_completion_time: string | null;
  payment_status: 'SUCCESS' | 'NOT_ATTEMPTED' | 'FAILED' | 'USER_DROPPED' | 'VOID' | 'CANCELLED' | 'PENDING';
  payment_message: string;
  bank_reference: string | null;
  auth_id: string | null;
  authorization: null;
  payment_method: Record<string, Record<string, unknown>>;
  international_payment: { international: boolean };
  payment_gateway_details: {
    gateway_name: string;
    gateway_order_id: string;
    gateway_payment_id: string;
    gateway_order_reference_id: string;
    gateway_status_code: string | null;
    gateway_settlement: string;
    gateway_reference_name: string;
  };
  payment_surcharge: null;
}

/** `RefundEntity`. */
export interface RefundJson {
  cf_payment_id: string;
  cf_refund_id: string;
  order_id: string;
  refund_id: string;
  entity: 'refund';
  refund_amount: number;
  refund_currency: string;
  refund_note: string | null;
  refund_status: 'SUCCESS' | 'PENDING' | 'CANCELLED' | 'ONHOLD' | 'FAILED';
  refund_arn: string | null;
  refund_charge: number;
  status_description: string;
  metadata: null;
  refund_splits: unknown[];
  refund_type: 'MERCHANT_INITIATED';
  refund_mode: string;
  created_at: string;
  processed_at: string | null;
  refund_speed: { requested: string; accepted: string; processed: string | null; message: string | null };
}

/** `PlanEntity`. */
export interface PlanJson {
  plan_currency: string;
  plan_id: string;
  plan_interval_type: string | null;
  plan_intervals: number | null;
  plan_max_amount: number;
  plan_max_cycles: number | null;
  plan_name: string;
  plan_note: string | null;
  plan_recurring_amount: number;
  plan_status: 'ACTIVE' | 'INACTIVE';
  plan_type: 'PERIODIC' | 'ON_DEMAND';
}

/** `AuthorizationDetails`. */
export interface AuthorizationJson {
  authorization_amount: number;
  authorization_amount_refund: boolean;
  authorization_reference: string | null;
  authorization_time: string | null;
  authorization_status: 'INITIALIZED' | 'PENDING' | 'ACTIVE' | 'FAILED';
  payment_id: string | null;
  payment_method: string | null;
}

/** Cashfree's subscription statuses (SubscriptionEntity), the same words the adapter reads. */
export type SubscriptionStatus = GatewaySubscriptionStatus;

/** `SubscriptionEntity` without its authorisation block, whose name depends on the emulator's options. */
export interface SubscriptionJson {
  cf_subscription_id: string;
  customer_details: {
    customer_name: string | null;
    customer_email: string;
    customer_phone: string;
    customer_bank_account_holder_name: string | null;
    customer_bank_account_number: string | null;
    customer_bank_ifsc: string | null;
    customer_bank_code: string | null;
    customer_bank_account_type: string | null;
  };
  plan_details: PlanJson;
  subscription_expiry_time: string;
  subscription_first_charge_time: string | null;
  subscription_id: string;
  subscription_meta: { return_url: string | null };
  subscription_note: string | null;
  subscription_session_id: string;
  subscription_payment_splits: unknown[] | null;
  subscription_status: SubscriptionStatus;
  subscription_tags: Record<string, string> | null;
}

/** `SubscriptionPaymentEntity`. */
export interface SubscriptionPaymentJson {
  authorization_details: AuthorizationJson | null;
  cf_payment_id: string;
  cf_subscription_id: string;
  cf_txn_id: string;
  cf_order_id: string;
  failure_details: { failure_reason: string } | null;
  payment_amount: number;
  payment_id: string;
  payment_initiated_date: string;
  payment_remarks: string | null;
  payment_schedule_date: string | null;
  payment_status: 'INITIALIZED' | 'PENDING' | 'SUCCESS' | 'FAILED' | 'CANCELLED';
  payment_type: 'AUTH' | 'CHARGE';
  retry_attempts: number;
  subscription_id: string;
}

export interface EmulatedOrder {
  entity: OrderJson;
  expiresAt: Date;
  payments: PaymentJson[];
  refunds: RefundJson[];
}

export interface EmulatedSubscription {
  entity: SubscriptionJson;
  authorization: AuthorizationJson;
  payments: Map<string, SubscriptionPaymentJson>;
  refunds: SubscriptionRefundJson[];
}

/** `SubscriptionPaymentRefundEntity`. */
export interface SubscriptionRefundJson {
  payment_id: string;
  cf_payment_id: string;
  refund_id: string;
  cf_refund_id: string;
  refund_amount: number;
  refund_note: string | null;
  refund_speed: string;
  refund_status: string;
}

export type AuthorisationField = 'authorisation_details' | 'authorization_details';

/** IST with offset, as Cashfree writes its timestamps: `2023-08-11T18:02:46+05:30`. */
export const ist = (date: Date): string => `${new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;
/** The calendar date in India. */
export const istDate = (date: Date): string => new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** The records as plain JSON (dates as ISO strings, maps as entries), to be kept across a restart. */
export interface StateSnapshot {
  sequence: number;
  orders: [string, Omit<EmulatedOrder, 'expiresAt'> & { expiresAt: string }][];
  plans: [string, PlanJson][];
  subscriptions: [string, Omit<EmulatedSubscription, 'payments'> & { payments: [string, SubscriptionPaymentJson][] }][];
}

export class EmulatorState {
  readonly orders = new Map<string, EmulatedOrder>();
  readonly plans = new Map<string, PlanJson>();
  readonly subscriptions = new Map<string, EmulatedSubscription>();
  private sequence = 2_149_460_580;

  snapshot(): StateSnapshot {
    return {
      sequence: this.sequence,
      orders: [...this.orders].map(([id, order]) => [id, { ...order, expiresAt: order.expiresAt.toISOString() }]),
      plans: [...this.plans],
      subscriptions: [...this.subscriptions].map(([id, subscription]) => [id, { ...subscription, payments: [...subscription.payments] }]),
    };
  }

  /** Takes the records a snapshot kept, in place of any held now. */
  restore(snapshot: StateSnapshot): void {
    this.sequence = snapshot.sequence;
    this.orders.clear();
    for (const [id, order] of snapshot.orders) this.orders.set(id, { ...order, expiresAt: new Date(order.expiresAt) });
    this.plans.clear();
    for (const [id, plan] of snapshot.plans) this.plans.set(id, plan);
    this.subscriptions.clear();
    for (const [id, subscription] of snapshot.subscriptions)
      this.subscriptions.set(id, { ...subscription, payments: new Map(subscription.payments) });
  }

  constructor(
    readonly clock: () => Date,
    readonly authorisationField: AuthorisationField,
  ) {}

  /** Cashfree's own ids are numeric strings since 2023-08-01. */
  nextId(): string {
    this.sequence += 1;
    return String(this.sequence);
  }

  token(prefix: string, bytes = 24): string {
    return `${prefix}${randomBytes(bytes).toString('base64url')}`;
  }

  now(): Date {
    return this.clock();
  }

  /** An order whose expiry passed without payment reads as EXPIRED from then on. */
  order(orderId: string): EmulatedOrder | undefined {
    const order = this.orders.get(orderId);
    if (order && order.entity.order_status === 'ACTIVE' && this.now() > order.expiresAt) order.entity.order_status = 'EXPIRED';
    return order;
  }

  subscriptionJson(subscription: EmulatedSubscription): Record<string, unknown> {
    return { ...subscription.entity, [this.authorisationField]: { ...subscription.authorization } };
  }
}
