/**
 * The payment gateway port. One adapter implements it: `CashfreeGateway` (Cashfree's REST API, version 2025-01-01),
 * against Cashfree or, for development and tests, the Cashfree emulator (kind `emulator`, paid on its hosted pages;
 * decision 0092). Amounts cross this port in integer paise;
 * the adapters convert to the gateway's rupee decimals. Statuses keep the gateway's own words (Cashfree's), so the
 * payments domain maps them in one place.
 */

export interface GatewayCustomer {
  /** Our member id, stripped to what the gateway allows (alphanumerics). */
  id: string;
  name: string;
  email: string;
  /** 10-digit Indian mobile. */
  phone: string;
}

export interface CreateCheckoutOrder {
  /** Our order id (3-45 characters: letters, digits, '_' and '-'). */
  orderId: string;
  amountPaise: number;
  customer: GatewayCustomer;
  /** Where the browser returns after paying; `{order_id}` is replaced by the gateway. */
  returnUrl: string;
  /** Where the gateway sends payment webhooks (https in production). */
  notifyUrl?: string;
  expiresAt: Date;
  note: string;
  tags?: Record<string, string>;
}

export type GatewayOrderStatus = 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED' | 'TERMINATION_REQUESTED';

export interface GatewayOrder {
  orderId: string;
  gatewayOrderId: string;
  status: GatewayOrderStatus;
  amountPaise: number;
  paymentSessionId: string;
  /** A page the browser can be sent to when the gateway's script cannot open checkout. */
  paymentLink?: string;
  expiresAt?: Date;
}

export type GatewayPaymentStatus = 'SUCCESS' | 'NOT_ATTEMPTED' | 'FAILED' | 'USER_DROPPED' | 'VOID' | 'CANCELLED' | 'PENDING';
export type PaymentMethodKind = 'upi' | 'card' | 'netbanking' | 'other';

/** One attempt to pay an order (an order may have several). */
export interface GatewayPayment {
  gatewayPaymentId: string;
  status: GatewayPaymentStatus;
  amountPaise: number;
  method: PaymentMethodKind;
  message?: string;
  bankReference?: string;
  completedAt?: Date;
  failureReason?: string;
}

export interface RefundRequest {
  orderId: string;
  /** Our refund id (3-40 characters), also the idempotency anchor. */
  refundId: string;
  amountPaise: number;
  note: string;
  /**
   * Set when the money came through a mandate rather than a checkout order (the first payment of a membership
   * attempt that had already ended): refunded as that subscription's payment, `paymentId` being the gateway's id.
   */
  subscriptionPayment?: { subscriptionId: string; paymentId: string };
}

export type GatewayRefundStatus = 'SUCCESS' | 'PENDING' | 'CANCELLED' | 'ONHOLD' | 'FAILED';

export interface GatewayRefund {
  refundId: string;
  gatewayRefundId: string;
  status: GatewayRefundStatus;
  amountPaise: number;
}

/** An on-demand plan: the mandate allows charges up to `maxAmountPaise`, raised by us once a year. */
export interface MandatePlan {
  planId: string;
  name: string;
  maxAmountPaise: number;
  note: string;
}

export interface CreateMandate {
  subscriptionId: string;
  plan: MandatePlan;
  customer: GatewayCustomer;
  /** Debited when the member authorises the mandate: the first year's fee. Not refunded. */
  authorizationAmountPaise: number;
  returnUrl: string;
  /** The mandate ends here (the member may renew far into the future; we set a long horizon). */
  expiresAt: Date;
  note: string;
}

export type GatewaySubscriptionStatus =
  | 'INITIALIZED'
  | 'BANK_APPROVAL_PENDING'
  | 'ACTIVE'
  | 'ON_HOLD'
  | 'PAUSED'
  | 'COMPLETED'
  | 'CUSTOMER_CANCELLED'
  | 'CUSTOMER_PAUSED'
  | 'EXPIRED'
  | 'LINK_EXPIRED'
  | 'CARD_EXPIRED'
  | 'CANCELLED';

export type GatewayAuthorizationStatus = 'INITIALIZED' | 'PENDING' | 'ACTIVE' | 'SUCCESS' | 'FAILED';

export interface GatewaySubscription {
  subscriptionId: string;
  gatewaySubscriptionId: string;
  status: GatewaySubscriptionStatus;
  /** For the browser checkout (Cashfree's `subscriptionsCheckout`) or the emulator's mandate page. */
  sessionId: string;
  /** A page where the member authorises the mandate (the emulator's, or absent for Cashfree). */
  authorizationLink?: string;
  authorization?: {
    status: GatewayAuthorizationStatus;
    /** The gateway's id of the authorisation payment. */
    paymentId?: string;
    /** UMN for UPI. */
    reference?: string;
    method?: PaymentMethodKind;
    amountPaise?: number;
    authorizedAt?: Date;
  };
}

export interface RaiseCharge {
  subscriptionId: string;
  /** Our id for this charge: one per (subscription, cycle, attempt), so a retry never charges twice. */
  paymentId: string;
  amountPaise: number;
  /** Only the date is used; at least the next day for UPI AutoPay. */
  scheduledFor: Date;
  remarks: string;
}

export type GatewayChargeStatus = 'INITIALIZED' | 'PENDING' | 'SUCCESS' | 'FAILED' | 'CANCELLED';

/** When the gateway may debit a charge asked for no earlier than a given instant. */
export interface ChargeWindow {
  /** The instant to raise the charge for: never before the one asked for. */
  from: Date;
  /** The latest the debit may land (the end of the charge's day where the gateway takes only a date). */
  until: Date;
}

export interface GatewayCharge {
  paymentId: string;
  gatewayPaymentId: string;
  status: GatewayChargeStatus;
  amountPaise: number;
  failureReason?: string;
}

/** A verified webhook, reduced to what tells us which record to look at again. */
export interface GatewayWebhook {
  /** A digest of the signed content (timestamp and raw body): the same delivery twice has the same id. */
  id: string;
  type: string;
  kind: 'payment' | 'refund' | 'subscription' | 'subscription_payment' | 'unknown';
  orderId?: string;
  subscriptionId?: string;
  paymentId?: string;
  /** Our refund id, for a refund's webhook. */
  refundId?: string;
  /** The gateway's status word in the payload (a hint: the final state is confirmed with the gateway). */
  status?: string;
}

export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Rate limiting, timeouts and 5xx: worth trying again later. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export class WebhookRejected extends Error {
  constructor(readonly reason: 'signature' | 'stale' | 'malformed') {
    super(`webhook rejected: ${reason}`);
    this.name = 'WebhookRejected';
  }
}

export interface PaymentGateway {
  /** `emulator`: Cashfree's API answered by the emulator, paid on its hosted pages (no JS SDK). */
  readonly kind: 'cashfree' | 'emulator';
  createOrder(order: CreateCheckoutOrder, idempotencyKey: string): Promise<GatewayOrder>;
  getOrder(orderId: string): Promise<GatewayOrder>;
  listPayments(orderId: string): Promise<GatewayPayment[]>;
  /** Asks for a refund; the same refund id again answers that refund, never a second one. */
  refund(refund: RefundRequest): Promise<GatewayRefund>;
  /** A refund as it stands now (404 `GatewayError` when the gateway has none by that id). */
  getRefund(refund: Pick<RefundRequest, 'orderId' | 'refundId' | 'subscriptionPayment'>): Promise<GatewayRefund>;
  /** Creates the plan if it does not exist yet (idempotent). */
  ensurePlan(plan: MandatePlan): Promise<void>;
  createSubscription(mandate: CreateMandate, idempotencyKey: string): Promise<GatewaySubscription>;
  getSubscription(subscriptionId: string): Promise<GatewaySubscription>;
  cancelSubscription(subscriptionId: string): Promise<GatewaySubscription>;
  /**
   * When a charge asked for no earlier than `notBefore` would be debited. Cashfree takes a date, not an instant, and
   * may debit at any time of that day: the day chosen is the first that starts no earlier than `notBefore`, so the
   * pre-debit notice keeps its full lead, and the debit may land until that day ends.
   */
  chargeWindow(notBefore: Date): ChargeWindow;
  raiseCharge(charge: RaiseCharge, idempotencyKey: string): Promise<GatewayCharge>;
  getCharge(subscriptionId: string, paymentId: string): Promise<GatewayCharge>;
  /**
   * Calls off a raised charge that has not been debited. Answers the charge as it stands once called off (or already
   * failed or cancelled); a charge that is already with the bank or paid cannot be called off, and is refused with
   * a non-retryable `GatewayError`.
   */
  cancelCharge(subscriptionId: string, paymentId: string): Promise<GatewayCharge>;
  /** Checks signature and age over the raw body; throws `WebhookRejected`. */
  verifyWebhook(rawBody: string, headers: Headers, now: Date): GatewayWebhook;
}
