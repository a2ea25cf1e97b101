import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { verifyCashfreeWebhook } from '../gateway/cashfree/index.js';
import {
  type ChargeWindow,
  type CreateCheckoutOrder,
  type CreateMandate,
  type GatewayCharge,
  GatewayError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type GatewaySubscription,
  type GatewayWebhook,
  type PaymentGateway,
  type PaymentMethodKind,
  type RaiseCharge,
  type RefundRequest,
} from '../gateway/payment-gateway.js';
import {
  paymentWebhook,
  refundWebhook,
  signedDelivery,
  subscriptionPaymentWebhook,
  subscriptionStatusWebhook,
} from './simulator-webhooks.js';
import {
  cancelSimChargeBefore,
  endHeldSimCharges,
  endSimCharge,
  findSimCharge,
  findSimChargeAmount,
  findSimOrder,
  findSimOrderBySession,
  findSimRefund,
  findSimSubscription,
  findSimSubscriptionBySession,
  holdSimCharge,
  insertSimAttempt,
  insertSimCharge,
  insertSimOrder,
  insertSimRefund,
  insertSimSubscription,
  keepWebhookSecret,
  markSimOrderPaid,
  type SimTables,
  setSimNextChargeOutcome,
  settlePendingSimRefund,
  simChargeRow,
  simOrderAttempts,
  simRefundedOfOrder,
  simSubscriptionExists,
  updateSimSubscription,
} from './store/simulator-store.js';

export type CheckoutOutcome = 'success' | 'failure' | 'cancel';
export type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<void>;

/** Where the browser goes next, or why the gateway refused the page's answer (`paid`, `expired`, `declined`...). */
export interface SessionAnswer {
  returnUrl: string;
  refused?: string;
}

/** Why a mandate takes no decision any more, or null while it is open. */
function mandateClosed(row: SimTables['sim_subscriptions'], subscription: GatewaySubscription): string | null {
  if (row.authorization_status === 'ACTIVE') return 'approved';
  if (row.authorization_status === 'FAILED') return 'declined';
  if (subscription.status === 'LINK_EXPIRED') return 'expired';
  if (subscription.status !== 'INITIALIZED') return subscription.status.toLowerCase().replace(/_/g, ' ');
  return null;
}

const MANDATE_LINK_VALID_MS = 2 * 60 * 60_000;
const token = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

/**
 * The development payment gateway: keeps orders, attempts, mandates and charges in its own tables, serves a hosted
 * checkout and a mandate page where a person picks what happens, and then sends the webhook Cashfree would send,
 * signed the same way. Renewal charges settle when they are looked at on or after their date.
 */
export class SimulatorGateway implements PaymentGateway {
  readonly kind = 'simulator' as const;
  private deliver: WebhookDelivery = async () => {};

  private constructor(
    private readonly db: Kysely<SimTables>,
    private readonly publicUrl: string,
    readonly secret: string,
  ) {}

  static async open(db: Kysely<any>, publicUrl: string): Promise<SimulatorGateway> {
    const sim = db as Kysely<SimTables>;
    const value = await keepWebhookSecret(sim, randomBytes(32).toString('base64url'));
    return new SimulatorGateway(sim, publicUrl.replace(/\/$/, ''), value);
  }

  /** Where webhooks go: the payments service's own webhook endpoint. */
  onWebhook(deliver: WebhookDelivery): void {
    this.deliver = deliver;
  }

  async createOrder(order: CreateCheckoutOrder): Promise<GatewayOrder> {
    const existing = await findSimOrder(this.db, order.orderId);
    if (existing) {
      if (Number(existing.amount_paise) !== order.amountPaise)
        throw new GatewayError(409, 'order_already_exists', 'order with same id is already present', false);
      return this.toOrder(existing);
    }
    const row = {
      order_id: order.orderId,
      session_id: token('sim_session_'),
      amount_paise: order.amountPaise,
      status: 'ACTIVE',
      customer: JSON.stringify(order.customer) as never,
      return_url: order.returnUrl,
      note: order.note,
      expires_at: order.expiresAt,
      created_at: new Date(),
    };
    await insertSimOrder(this.db, row);
    return this.toOrder(row);
  }

  async getOrder(orderId: string): Promise<GatewayOrder> {
    return this.toOrder(await this.order(orderId));
  }

  async listPayments(orderId: string): Promise<GatewayPayment[]> {
    await this.order(orderId);
    const rows = await simOrderAttempts(this.db, orderId);
    return rows.map((row) => ({
      gatewayPaymentId: row.id,
      status: row.status as GatewayPayment['status'],
      amountPaise: Number(row.amount_paise),
      method: row.method as PaymentMethodKind,
      message: row.message,
      ...(row.status === 'SUCCESS'
        ? { bankReference: `SIM${row.id.slice(-10)}`, completedAt: row.created_at }
        : { failureReason: row.message }),
    }));
  }

  async refund(refund: RefundRequest): Promise<GatewayRefund> {
    const mandated = refund.subscriptionPayment;
    if (mandated) {
      // A mandate's payment (its first debit, or a renewal charge) is refunded as that subscription's payment, as
      // Cashfree's subscription refunds do, and never for more than it took.
      const subscription = await this.subscription(mandated.subscriptionId);
      const charge = await findSimChargeAmount(this.db, mandated.subscriptionId, mandated.paymentId);
      const paidPaise = charge
        ? charge.status === 'SUCCESS'
          ? Number(charge.amount_paise)
          : 0
        : subscription.authorization_status === 'ACTIVE' && subscription.authorization_payment_id === mandated.paymentId
          ? Number(subscription.authorization_amount_paise)
          : 0;
      if (paidPaise === 0) throw new GatewayError(400, 'refund_invalid', 'subscription payment is not successful', false);
      if (refund.amountPaise > paidPaise)
        throw new GatewayError(400, 'refund_amount_invalid', 'refund amount is more than the payment', false);
    } else {
      const order = await this.order(refund.orderId);
      if (order.status !== 'PAID') throw new GatewayError(400, 'refund_invalid', 'order is not paid', false);
      const same = await this.refundRow(refund.refundId);
      const given = await simRefundedOfOrder(this.db, refund.orderId);
      if (!same && refund.amountPaise + Number(given.paise) > Number(order.amount_paise))
        throw new GatewayError(400, 'refund_amount_invalid', 'refund amount is more than the amount not yet refunded', false);
    }
    await insertSimRefund(this.db, {
      refundId: refund.refundId,
      orderId: mandated?.subscriptionId ?? refund.orderId,
      amountPaise: refund.amountPaise,
      createdAt: new Date(),
    });
    // No bank behind the simulator: a refund settles as soon as it is made, and the webhook Cashfree would send goes
    // out then; our side records the refund before asking, so the webhook finds it (and the answer repeats it).
    // Asked again, it settles one that a process stopped between making and settling it left pending.
    await this.settleRefund(refund.refundId, mandated ?? null);
    return this.toRefund(await this.refundRowOrThrow(refund.refundId));
  }

  async getRefund(refund: Pick<RefundRequest, 'orderId' | 'refundId' | 'subscriptionPayment'>): Promise<GatewayRefund> {
    await this.refundRowOrThrow(refund.refundId);
    // A refund left pending by a process stopped between making and settling it settles when asked about, as a bank
    // would have settled it meanwhile (once: only a pending row is settled, and only then is its webhook sent).
    await this.settleRefund(refund.refundId, refund.subscriptionPayment ?? null);
    return this.toRefund(await this.refundRowOrThrow(refund.refundId));
  }

  private async settleRefund(refundId: string, mandated: NonNullable<RefundRequest['subscriptionPayment']> | null): Promise<void> {
    const row = await settlePendingSimRefund(this.db, refundId);
    if (row) await this.send(refundWebhook(row, mandated));
  }

  private refundRow(refundId: string) {
    return findSimRefund(this.db, refundId);
  }

  private async refundRowOrThrow(refundId: string) {
    const row = await this.refundRow(refundId);
    if (!row) throw new GatewayError(404, 'refund_not_found', 'refund does not exist', false);
    return row;
  }

  private toRefund(row: SimTables['sim_refunds']): GatewayRefund {
    return {
      refundId: row.refund_id,
      gatewayRefundId: `cf_${row.refund_id}`,
      status: row.status as GatewayRefund['status'],
      amountPaise: Number(row.amount_paise),
    };
  }

  async ensurePlan(): Promise<void> {}

  async createSubscription(mandate: CreateMandate): Promise<GatewaySubscription> {
    if (!(await simSubscriptionExists(this.db, mandate.subscriptionId))) {
      await insertSimSubscription(this.db, {
        subscription_id: mandate.subscriptionId,
        session_id: token('sim_mandate_'),
        status: 'INITIALIZED',
        plan: JSON.stringify(mandate.plan),
        customer: JSON.stringify(mandate.customer) as never,
        authorization_amount_paise: mandate.authorizationAmountPaise,
        return_url: mandate.returnUrl,
        authorization_status: 'INITIALIZED',
        authorization_payment_id: null,
        umn: null,
        method: null,
        authorized_at: null,
        link_expires_at: new Date(Date.now() + MANDATE_LINK_VALID_MS),
        next_charge_outcome: 'SUCCESS',
        created_at: new Date(),
      });
    }
    return this.getSubscription(mandate.subscriptionId);
  }

  async getSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    const row = await this.subscription(subscriptionId);
    const linkExpired = row.status === 'INITIALIZED' && row.link_expires_at < new Date();
    return {
      subscriptionId: row.subscription_id,
      gatewaySubscriptionId: `cf_${row.subscription_id}`,
      status: (linkExpired ? 'LINK_EXPIRED' : row.status) as GatewaySubscription['status'],
      sessionId: row.session_id,
      authorizationLink: `${this.publicUrl}/pay/simulator/mandates/${row.session_id}`,
      authorization: {
        status: row.authorization_status as NonNullable<GatewaySubscription['authorization']>['status'],
        ...(row.authorization_payment_id ? { paymentId: row.authorization_payment_id } : {}),
        ...(row.umn ? { reference: row.umn } : {}),
        ...(row.method ? { method: row.method as PaymentMethodKind } : {}),
        amountPaise: Number(row.authorization_amount_paise),
        ...(row.authorized_at ? { authorizedAt: row.authorized_at } : {}),
      },
    };
  }

  async cancelSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    await updateSimSubscription(this.db, subscriptionId, { status: 'CANCELLED' });
    return this.getSubscription(subscriptionId);
  }

  /** The simulator debits at the very instant asked for. */
  chargeWindow(notBefore: Date): ChargeWindow {
    return { from: notBefore, until: notBefore };
  }

  async raiseCharge(charge: RaiseCharge): Promise<GatewayCharge> {
    const subscription = await this.subscription(charge.subscriptionId);
    if (subscription.status !== 'ACTIVE') throw new GatewayError(400, 'subscription_not_active', 'subscription is not active', false);
    await insertSimCharge(this.db, {
      payment_id: charge.paymentId,
      subscription_id: charge.subscriptionId,
      amount_paise: charge.amountPaise,
      scheduled_for: charge.scheduledFor,
      status: 'INITIALIZED',
      failure_reason: null,
      created_at: new Date(),
    });
    return this.getCharge(charge.subscriptionId, charge.paymentId);
  }

  async getCharge(subscriptionId: string, paymentId: string): Promise<GatewayCharge> {
    let row = await findSimCharge(this.db, subscriptionId, paymentId);
    if (!row) throw new GatewayError(404, 'payment_not_found', 'payment not found', false);
    if (row.status === 'INITIALIZED' && row.scheduled_for <= new Date()) row = await this.settleCharge(row);
    return {
      paymentId: row.payment_id,
      gatewayPaymentId: `cf_${row.payment_id}`,
      status: row.status as GatewayCharge['status'],
      amountPaise: Number(row.amount_paise),
      ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
    };
  }

  /**
   * Calls off a charge before its date. From its date on the debit is with the bank (settled when looked at, or
   * held by a tester) and is refused, as Cashfree refuses a charge it has presented; an ended charge is answered.
   */
  async cancelCharge(subscriptionId: string, paymentId: string): Promise<GatewayCharge> {
    await cancelSimChargeBefore(this.db, subscriptionId, paymentId, new Date());
    const charge = await this.getCharge(subscriptionId, paymentId);
    if (charge.status === 'CANCELLED' || charge.status === 'FAILED') return charge;
    throw new GatewayError(400, 'action_invalid', `payment is ${charge.status.toLowerCase()} and can no longer be cancelled`, false);
  }

  /** The simulator signs exactly as Cashfree does, so Cashfree's own verification reads its webhooks. */
  verifyWebhook(rawBody: string, headers: Headers, now: Date): GatewayWebhook {
    return verifyCashfreeWebhook(this.secret, rawBody, headers, now);
  }

  // The hosted pages' side ------------------------------------------------------------------------------------

  async checkoutSession(sessionId: string) {
    const row = await findSimOrderBySession(this.db, sessionId);
    if (!row) return undefined;
    const order = this.toOrder(row);
    return {
      ...order,
      note: row.note,
      returnUrl: this.returnUrlOf(row.return_url, row.order_id),
      paid: order.status === 'PAID',
      closed: order.status === 'ACTIVE' ? null : order.status.toLowerCase().replace(/_/g, ' '),
    };
  }

  /**
   * A person chose an outcome on the checkout page: record the attempt, then send the webhook. Like Cashfree, an
   * order that is paid, expired or terminated takes no further attempt: the answer is a refusal, not a redirect.
   */
  async completeCheckout(sessionId: string, outcome: CheckoutOutcome, method: PaymentMethodKind): Promise<SessionAnswer | undefined> {
    const row = await findSimOrderBySession(this.db, sessionId);
    if (!row) return undefined;
    const returnUrl = this.returnUrlOf(row.return_url, row.order_id);
    const { status: orderStatus } = this.toOrder(row);
    if (orderStatus !== 'ACTIVE') return { refused: orderStatus.toLowerCase(), returnUrl };
    const status = outcome === 'success' ? 'SUCCESS' : outcome === 'failure' ? 'FAILED' : 'USER_DROPPED';
    const message =
      outcome === 'success'
        ? 'Transaction successful'
        : outcome === 'failure'
          ? 'Payment declined by the bank'
          : 'Payment cancelled by the customer';
    const attempt = {
      id: `${Date.now()}${randomBytes(3).toString('hex')}`,
      order_id: row.order_id,
      status,
      method,
      amount_paise: Number(row.amount_paise),
      message,
      created_at: new Date(),
    };
    await insertSimAttempt(this.db, attempt);
    if (status === 'SUCCESS') await markSimOrderPaid(this.db, row.order_id);
    const type =
      status === 'SUCCESS' ? 'PAYMENT_SUCCESS_WEBHOOK' : status === 'FAILED' ? 'PAYMENT_FAILED_WEBHOOK' : 'PAYMENT_USER_DROPPED_WEBHOOK';
    await this.send(
      paymentWebhook(
        type,
        { orderId: row.order_id, amountPaise: Number(row.amount_paise), customer: row.customer },
        { id: attempt.id, status, method, message, at: attempt.created_at },
      ),
    );
    return { returnUrl };
  }

  async mandateSession(sessionId: string) {
    const row = await findSimSubscriptionBySession(this.db, sessionId);
    if (!row) return undefined;
    const subscription = await this.getSubscription(row.subscription_id);
    return {
      subscription,
      closed: mandateClosed(row, subscription),
      amountPaise: Number(row.authorization_amount_paise),
      plan: row.plan as { maxAmountPaise: number; name: string },
      returnUrl: this.returnUrlOf(row.return_url, row.subscription_id),
    };
  }

  /**
   * A person approved, declined or cancelled the UPI AutoPay mandate. A mandate decided once, cancelled by the
   * merchant or past its link's expiry is refused: an old link approved after the member retried must not debit them.
   */
  async completeMandate(sessionId: string, outcome: CheckoutOutcome, upiId: string | undefined): Promise<SessionAnswer | undefined> {
    const row = await findSimSubscriptionBySession(this.db, sessionId);
    if (!row) return undefined;
    const returnUrl = this.returnUrlOf(row.return_url, row.subscription_id);
    const refused = mandateClosed(row, await this.getSubscription(row.subscription_id));
    if (refused) return { refused, returnUrl };
    const now = new Date();
    const authorizationPaymentId = `auth_${row.subscription_id}`;
    if (outcome === 'success') {
      // A mandate number names the payer's bank handle, never the payer: it travels in responses and admin pages.
      const handle = (upiId?.split('@')[1] ?? 'upi').replace(/[^\w.-]/g, '') || 'upi';
      const umn = `umn${randomBytes(8).toString('hex')}@${handle}`;
      await updateSimSubscription(this.db, row.subscription_id, {
        status: 'ACTIVE',
        authorization_status: 'ACTIVE',
        authorization_payment_id: authorizationPaymentId,
        umn,
        method: 'upi',
        authorized_at: now,
      });
    } else {
      await updateSimSubscription(this.db, row.subscription_id, {
        authorization_status: 'FAILED',
        authorization_payment_id: authorizationPaymentId,
      });
    }
    const after = await this.subscription(row.subscription_id);
    const amountPaise = Number(row.authorization_amount_paise);
    await this.send(
      subscriptionPaymentWebhook('SUBSCRIPTION_AUTH_STATUS', {
        subscriptionId: row.subscription_id,
        paymentId: authorizationPaymentId,
        paymentType: 'AUTH',
        status: outcome === 'success' ? 'SUCCESS' : 'FAILED',
        amountPaise,
        failureReason:
          outcome === 'success' ? null : outcome === 'failure' ? 'Mandate declined by the bank' : 'Mandate cancelled by the customer',
        at: now,
      }),
    );
    if (outcome === 'success') {
      await this.send(
        subscriptionStatusWebhook({
          subscriptionId: row.subscription_id,
          status: 'ACTIVE',
          authorizationStatus: 'ACTIVE',
          umn: after.umn,
          amountPaise,
          authorizationPaymentId,
          at: now,
        }),
      );
    }
    return { returnUrl };
  }

  /**
   * Testers decide how the next renewal charge of a mandate ends (development only). `PENDING`: the bank holds the
   * debit past its date, and cancelling the mandate meanwhile does not stop it; choosing `SUCCESS` or `FAILED` then
   * lets a held debit through or turns it down, with its webhook.
   */
  async setNextChargeOutcome(subscriptionId: string, outcome: 'SUCCESS' | 'FAILED' | 'PENDING'): Promise<boolean> {
    if (!(await setSimNextChargeOutcome(this.db, subscriptionId, outcome))) return false;
    if (outcome !== 'PENDING') await this.releaseHeldCharges(subscriptionId, outcome);
    return true;
  }

  private async releaseHeldCharges(subscriptionId: string, outcome: 'SUCCESS' | 'FAILED'): Promise<void> {
    const failureReason = outcome === 'SUCCESS' ? null : 'DEBIT FAILED | Insufficient Funds In Customer (Remitter) Account';
    const released = await endHeldSimCharges(this.db, subscriptionId, outcome, failureReason);
    for (const charge of released) {
      await this.send(
        subscriptionPaymentWebhook(outcome === 'SUCCESS' ? 'SUBSCRIPTION_PAYMENT_SUCCESS' : 'SUBSCRIPTION_PAYMENT_FAILED', {
          subscriptionId,
          paymentId: charge.payment_id,
          paymentType: 'CHARGE',
          status: outcome,
          amountPaise: Number(charge.amount_paise),
          failureReason,
          at: new Date(),
        }),
      );
    }
  }

  // ---------------------------------------------------------------------------------------------------------

  private async settleCharge(row: SimTables['sim_charges']): Promise<SimTables['sim_charges']> {
    const subscription = await this.subscription(row.subscription_id);
    if (subscription.status === 'ACTIVE' && subscription.next_charge_outcome === 'PENDING') {
      // Presented to the bank, which holds it: no webhook until a tester chooses how it ends.
      await holdSimCharge(this.db, row.payment_id);
      return simChargeRow(this.db, row.payment_id);
    }
    const succeeded = subscription.status === 'ACTIVE' && subscription.next_charge_outcome === 'SUCCESS';
    const failureReason = succeeded
      ? null
      : subscription.status !== 'ACTIVE'
        ? 'Mandate is not active'
        : 'DEBIT FAILED | Insufficient Funds In Customer (Remitter) Account';
    const settled = await endSimCharge(this.db, row.payment_id, succeeded ? 'SUCCESS' : 'FAILED', failureReason);
    if (!settled) return simChargeRow(this.db, row.payment_id);
    await this.send(
      subscriptionPaymentWebhook(succeeded ? 'SUBSCRIPTION_PAYMENT_SUCCESS' : 'SUBSCRIPTION_PAYMENT_FAILED', {
        subscriptionId: row.subscription_id,
        paymentId: row.payment_id,
        paymentType: 'CHARGE',
        status: settled.status,
        amountPaise: Number(row.amount_paise),
        failureReason,
        at: new Date(),
      }),
    );
    return settled;
  }

  private async send(payload: object): Promise<void> {
    const { body, headers } = signedDelivery(this.secret, payload);
    // Like Cashfree, the simulator does not wait on the merchant: a failed delivery is left to reconciliation.
    await this.deliver(body, headers).catch(() => {});
  }

  private returnUrlOf(template: string, orderId: string): string {
    return template.replace('{order_id}', encodeURIComponent(orderId));
  }

  private async order(orderId: string) {
    const row = await findSimOrder(this.db, orderId);
    if (!row) throw new GatewayError(404, 'order_not_found', 'order not found', false);
    return row;
  }

  private async subscription(subscriptionId: string) {
    const row = await findSimSubscription(this.db, subscriptionId);
    if (!row) throw new GatewayError(404, 'subscription_not_found', 'subscription not found', false);
    return row;
  }

  private toOrder(row: Pick<SimTables['sim_orders'], 'order_id' | 'session_id' | 'amount_paise' | 'status' | 'expires_at'>): GatewayOrder {
    const expired = row.status === 'ACTIVE' && row.expires_at < new Date();
    return {
      orderId: row.order_id,
      gatewayOrderId: `cf_${row.order_id}`,
      status: (expired ? 'EXPIRED' : row.status) as GatewayOrder['status'],
      amountPaise: Number(row.amount_paise),
      paymentSessionId: row.session_id,
      paymentLink: `${this.publicUrl}/pay/simulator/sessions/${row.session_id}`,
      expiresAt: row.expires_at,
    };
  }
}
