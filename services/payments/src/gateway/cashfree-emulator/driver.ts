import { randomBytes } from 'node:crypto';
import {
  type EmulatedSubscription,
  type EmulatorState,
  ist,
  type PaymentJson,
  type PaymentMethodName,
  type SubscriptionPaymentJson,
} from './state.js';

/** Method details as Cashfree's sandbox reports them (test VPA, Visa test card, HDFC net banking). */
const METHODS: Record<PaymentMethodName, { group: string; details: Record<string, unknown> }> = {
  upi: {
    group: 'upi',
    details: { channel: 'collect', upi_id: 'testsuccess@gocash', upi_payer_ifsc: 'HDFC0000001', upi_payer_account_number: 'XXXXXXX6024' },
  },
  card: {
    group: 'credit_card',
    details: {
      channel: 'link',
      card_number: 'XXXXXXXXXXXX1111',
      card_network: 'visa',
      card_type: 'credit_card',
      card_country: 'IN',
      card_bank_name: 'HDFC BANK LIMITED',
      card_network_reference_id: null,
      instrument_id: null,
    },
  },
  netbanking: {
    group: 'net_banking',
    details: {
      channel: 'link',
      netbanking_bank_code: 3021,
      netbanking_bank_name: 'HDFC Bank',
      netbanking_ifsc: null,
      netbanking_account_number: null,
    },
  },
};

export interface PaymentAttempt {
  method?: PaymentMethodName;
  /** Defaults to the order amount. */
  amountRupees?: number;
}

/**
 * What the customer, the bank and Cashfree's back office do in real life, done directly on the emulator's records for
 * tests: pay or fail an order, authorise or decline a mandate, settle or fail a charge, settle a refund.
 */
export class CashfreeDriver {
  constructor(private readonly state: EmulatorState) {}

  completePayment(orderId: string, attempt: PaymentAttempt = {}): PaymentJson {
    const order = this.payableOrder(orderId);
    const payment = this.payment(orderId, attempt, 'SUCCESS');
    order.entity.order_status = 'PAID';
    return payment;
  }

  /** A declined attempt (FAILED) or one the customer abandoned at the OTP or UPI PIN step (USER_DROPPED). */
  failPayment(orderId: string, attempt: PaymentAttempt & { userDropped?: boolean } = {}): PaymentJson {
    this.payableOrder(orderId);
    return this.payment(orderId, attempt, attempt.userDropped ? 'USER_DROPPED' : 'FAILED');
  }

  /** An attempt still waiting for the bank. */
  startPayment(orderId: string, attempt: PaymentAttempt = {}): PaymentJson {
    this.payableOrder(orderId);
    return this.payment(orderId, attempt, 'PENDING');
  }

  expireOrder(orderId: string): void {
    const order = this.state.order(orderId);
    if (!order) throw new Error(`Cashfree emulator: no order ${orderId}`);
    order.expiresAt = new Date(this.state.now().getTime() - 1000);
    if (order.entity.order_status === 'ACTIVE') order.entity.order_status = 'EXPIRED';
  }

  settleRefund(orderId: string, refundId: string, status: 'SUCCESS' | 'CANCELLED' | 'ONHOLD' | 'FAILED' = 'SUCCESS'): void {
    const refund = this.state.orders.get(orderId)?.refunds.find((r) => r.refund_id === refundId);
    if (!refund) throw new Error(`Cashfree emulator: no refund ${refundId} on ${orderId}`);
    refund.refund_status = status;
    refund.status_description = status === 'SUCCESS' ? 'Refund processed successfully' : `Refund ${status.toLowerCase()}`;
    if (status === 'SUCCESS') {
      refund.processed_at = ist(this.state.now());
      refund.refund_arn = `ARN${randomBytes(5).toString('hex').toUpperCase()}`;
      refund.refund_speed.processed = refund.refund_speed.accepted;
    }
  }

  /**
   * Settles the refund of a subscription's payment (its authorisation debit or a charge): INITIATED, as Cashfree
   * answers it, becomes SUCCESS (or the status given).
   */
  settleSubscriptionRefund(
    subscriptionId: string,
    refundId: string,
    status: 'SUCCESS' | 'CANCELLED' | 'ONHOLD' | 'FAILED' = 'SUCCESS',
  ): void {
    const refund = this.subscription(subscriptionId).refunds.find((r) => r.refund_id === refundId);
    if (!refund) throw new Error(`Cashfree emulator: no refund ${refundId} on ${subscriptionId}`);
    refund.refund_status = status;
  }

  /**
   * The member approves the UPI AutoPay mandate in their UPI app: the authorisation amount is debited, the mandate
   * gets its UMN and the subscription is ACTIVE (UPI needs no bank approval period).
   */
  authoriseMandate(subscriptionId: string): SubscriptionPaymentJson {
    const subscription = this.awaitingAuthorisation(subscriptionId);
    const auth = this.authPayment(subscription);
    const now = this.state.now();
    auth.payment_status = 'SUCCESS';
    Object.assign(subscription.authorization, {
      authorization_status: 'ACTIVE',
      authorization_reference: `${randomBytes(12).toString('hex')}@upi`,
      authorization_time: ist(now),
      payment_id: auth.payment_id,
      payment_method: 'upi',
    });
    auth.authorization_details = { ...subscription.authorization };
    subscription.entity.subscription_status = 'ACTIVE';
    return auth;
  }

  /** The member declines or never completes the mandate: authorisation FAILED, the subscription stays INITIALIZED. */
  declineMandate(subscriptionId: string, reason = 'No action performed by customer'): SubscriptionPaymentJson {
    const subscription = this.awaitingAuthorisation(subscriptionId);
    const auth = this.authPayment(subscription);
    auth.payment_status = 'FAILED';
    auth.failure_details = { failure_reason: reason };
    Object.assign(subscription.authorization, { authorization_status: 'FAILED', payment_id: auth.payment_id, payment_method: 'upi' });
    auth.authorization_details = { ...subscription.authorization };
    subscription.entity.subscription_status = 'INITIALIZED';
    return auth;
  }

  /** The hosted authorisation link ran out before the member used it. */
  expireMandateLink(subscriptionId: string): void {
    this.awaitingAuthorisation(subscriptionId).entity.subscription_status = 'LINK_EXPIRED';
  }

  /** The member revoked the mandate in their UPI app. */
  cancelAtBank(subscriptionId: string): void {
    this.subscription(subscriptionId).entity.subscription_status = 'CUSTOMER_CANCELLED';
  }

  /** Cashfree sent the pre-debit notification; the debit follows after at least 24 hours. */
  notifyCharge(subscriptionId: string, paymentId: string): SubscriptionPaymentJson {
    const charge = this.openCharge(subscriptionId, paymentId);
    charge.payment_status = 'PENDING';
    return charge;
  }

  settleCharge(subscriptionId: string, paymentId: string): SubscriptionPaymentJson {
    const charge = this.openCharge(subscriptionId, paymentId);
    charge.payment_status = 'SUCCESS';
    return charge;
  }

  failCharge(
    subscriptionId: string,
    paymentId: string,
    reason = 'DEBIT FAILED | Insufficient Funds In Customer (Remitter) Account',
  ): SubscriptionPaymentJson {
    const charge = this.openCharge(subscriptionId, paymentId);
    charge.payment_status = 'FAILED';
    charge.failure_details = { failure_reason: reason };
    // UPI AutoPay's "1+3": the first attempt and three hourly retries before the charge is reported failed.
    charge.retry_attempts = 3;
    return charge;
  }

  private payableOrder(orderId: string) {
    const order = this.state.order(orderId);
    if (!order) throw new Error(`Cashfree emulator: no order ${orderId}`);
    if (order.entity.order_status !== 'ACTIVE')
      throw new Error(`Cashfree emulator: order ${orderId} is ${order.entity.order_status}, not payable`);
    return order;
  }

  private payment(orderId: string, attempt: PaymentAttempt, status: PaymentJson['payment_status']): PaymentJson {
    const order = this.state.orders.get(orderId)!;
    const method = METHODS[attempt.method ?? 'upi'];
    const now = this.state.now();
    const id = this.state.nextId();
    const failed = status === 'FAILED' || status === 'USER_DROPPED';
    const payment: PaymentJson = {
      cf_payment_id: id,
      order_id: orderId,
      entity: 'payment',
      error_details: failed
        ? {
            error_code: status === 'USER_DROPPED' ? 'USER_DROPPED' : 'TRANSACTION_DECLINED',
            error_description:
              status === 'USER_DROPPED'
                ? 'user dropped and did not complete the two factor authentication'
                : 'issuer bank or payment service provider declined the transaction',
            error_reason: status === 'USER_DROPPED' ? 'user_dropped' : 'auth_declined',
            error_source: 'customer',
            error_code_raw: '',
            error_description_raw: '',
            error_subcode_raw: '',
          }
        : null,
      is_captured: status === 'SUCCESS',
      order_amount: order.entity.order_amount,
      order_currency: order.entity.order_currency,
      payment_group: method.group,
      payment_currency: 'INR',
      payment_amount: attempt.amountRupees ?? order.entity.order_amount,
      payment_time: ist(now),
      payment_completion_time: status === 'PENDING' ? null : ist(now),
      payment_status: status,
      payment_message:
        status === 'SUCCESS' ? 'Transaction successful' : status === 'PENDING' ? 'Transaction pending' : 'Transaction failed',
      bank_reference: status === 'SUCCESS' ? String(100_000_000_000 + Number(id)) : null,
      auth_id: null,
      authorization: null,
      payment_method: { [attempt.method ?? 'upi']: { ...method.details } },
      international_payment: { international: false },
      payment_gateway_details: {
        gateway_name: 'CASHFREE',
        gateway_order_id: order.entity.cf_order_id,
        gateway_payment_id: id,
        gateway_order_reference_id: 'null',
        gateway_status_code: null,
        gateway_settlement: 'CASHFREE',
        gateway_reference_name: '',
      },
      payment_surcharge: null,
    };
    order.payments.push(payment);
    return payment;
  }

  private subscription(subscriptionId: string): EmulatedSubscription {
    const subscription = this.state.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`Cashfree emulator: no subscription ${subscriptionId}`);
    return subscription;
  }

  private awaitingAuthorisation(subscriptionId: string): EmulatedSubscription {
    const subscription = this.subscription(subscriptionId);
    const status = subscription.entity.subscription_status;
    if (status !== 'INITIALIZED' && status !== 'BANK_APPROVAL_PENDING')
      throw new Error(`Cashfree emulator: subscription ${subscriptionId} is ${status}, not awaiting authorisation`);
    return subscription;
  }

  /** The AUTH payment started over the API, or the one Cashfree's hosted checkout would have started. */
  private authPayment(subscription: EmulatedSubscription): SubscriptionPaymentJson {
    const open = [...subscription.payments.values()].find(
      (p) => p.payment_type === 'AUTH' && (p.payment_status === 'PENDING' || p.payment_status === 'INITIALIZED'),
    );
    if (open) return open;
    const id = this.state.nextId();
    const auth: SubscriptionPaymentJson = {
      authorization_details: null,
      cf_payment_id: id,
      cf_subscription_id: subscription.entity.cf_subscription_id,
      cf_txn_id: this.state.nextId(),
      cf_order_id: this.state.nextId(),
      failure_details: null,
      payment_amount: subscription.authorization.authorization_amount,
      payment_id: id,
      payment_initiated_date: ist(this.state.now()),
      payment_remarks: null,
      payment_schedule_date: null,
      payment_status: 'PENDING',
      payment_type: 'AUTH',
      retry_attempts: 0,
      subscription_id: subscription.entity.subscription_id,
    };
    subscription.payments.set(auth.payment_id, auth);
    return auth;
  }

  private openCharge(subscriptionId: string, paymentId: string): SubscriptionPaymentJson {
    const charge = this.subscription(subscriptionId).payments.get(paymentId);
    if (charge?.payment_type !== 'CHARGE') throw new Error(`Cashfree emulator: no charge ${paymentId} on ${subscriptionId}`);
    if (charge.payment_status !== 'INITIALIZED' && charge.payment_status !== 'PENDING')
      throw new Error(`Cashfree emulator: charge ${paymentId} is already ${charge.payment_status}`);
    return charge;
  }
}
