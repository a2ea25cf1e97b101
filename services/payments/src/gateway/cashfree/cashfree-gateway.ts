import { paiseOf, rupeesOf } from '@elts/contracts';
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
  type MandatePlan,
  type PaymentGateway,
  type RaiseCharge,
  type RefundRequest,
} from '../payment-gateway.js';
import { cashfreeTimestamp, scheduleDate, startOfNextIndianDay } from './cashfree-time.js';
import { chargeFrom, orderFrom, paymentFrom, refundFrom, subscriptionFrom } from './entity-mapping.js';
import { CashfreeHttp } from './http-client.js';
import { idempotencyKeyFor } from './idempotency-key.js';
import { type CashfreeSettings, type ResolvedCashfreeSettings, resolveSettings } from './settings.js';
import { verifyCashfreeWebhook } from './webhook-events.js';
import type {
  CreateChargeBody,
  CreateOrderBody,
  CreatePlanBody,
  CreateRefundBody,
  CreateSubscriptionBody,
  CreateSubscriptionRefundBody,
  ManageSubscriptionBody,
  ManageSubscriptionPaymentBody,
  OrderEntity,
  PaymentEntity,
  PlanEntity,
  RefundEntity,
  SubscriptionEntity,
  SubscriptionPaymentEntity,
} from './wire-types.js';

const segment = encodeURIComponent;

/**
 * A caller's key scoped to the operation, or none when the caller gave an empty one (the write is then sent once).
 */
const keyFor = (scope: string, key: string): string | undefined => (key.trim() === '' ? undefined : idempotencyKeyFor(scope, key));

/** The `PaymentGateway` port over Cashfree's PG and Subscriptions REST API, version 2025-01-01. */
export class CashfreeGateway implements PaymentGateway {
  /** `emulator` when pointed at the emulator's hosted pages: the member pays there, not in Cashfree's JS SDK. */
  readonly kind: 'cashfree' | 'emulator';
  private readonly settings: ResolvedCashfreeSettings;
  private readonly http: CashfreeHttp;

  constructor(settings: CashfreeSettings) {
    this.settings = resolveSettings(settings);
    this.http = new CashfreeHttp(this.settings);
    this.kind = this.settings.hostedPagesUrl ? 'emulator' : 'cashfree';
  }

  /** The order with the emulator's checkout page as its payment link (Cashfree itself answers none). */
  private withPaymentPage(order: GatewayOrder): GatewayOrder {
    const pages = this.settings.hostedPagesUrl;
    if (!pages || !order.paymentSessionId) return order;
    return { ...order, paymentLink: `${pages}/sessions/${segment(order.paymentSessionId)}` };
  }

  /** The subscription with the emulator's mandate page as its authorisation link (Cashfree itself answers none). */
  private withMandatePage(subscription: GatewaySubscription): GatewaySubscription {
    const pages = this.settings.hostedPagesUrl;
    if (!pages || !subscription.sessionId) return subscription;
    return { ...subscription, authorizationLink: `${pages}/mandates/${segment(subscription.sessionId)}` };
  }

  async createOrder(order: CreateCheckoutOrder, idempotencyKey: string): Promise<GatewayOrder> {
    const body: CreateOrderBody = {
      order_id: order.orderId,
      order_amount: rupeesOf(order.amountPaise),
      order_currency: 'INR',
      customer_details: {
        customer_id: order.customer.id,
        customer_phone: order.customer.phone,
        customer_email: order.customer.email,
        customer_name: order.customer.name,
      },
      order_meta: { return_url: order.returnUrl, ...(order.notifyUrl ? { notify_url: order.notifyUrl } : {}) },
      order_expiry_time: cashfreeTimestamp(order.expiresAt),
      order_note: order.note,
      ...(order.tags && Object.keys(order.tags).length > 0 ? { order_tags: order.tags } : {}),
    };
    const entity = await this.http.send<OrderEntity>({
      method: 'POST',
      path: '/orders',
      body,
      idempotencyKey: keyFor('order', idempotencyKey),
    });
    return this.withPaymentPage(orderFrom(entity));
  }

  async getOrder(orderId: string): Promise<GatewayOrder> {
    return this.withPaymentPage(orderFrom(await this.http.send<OrderEntity>({ method: 'GET', path: `/orders/${segment(orderId)}` })));
  }

  async listPayments(orderId: string): Promise<GatewayPayment[]> {
    const entities = await this.http.send<PaymentEntity[]>({ method: 'GET', path: `/orders/${segment(orderId)}/payments` });
    if (!Array.isArray(entities))
      throw new GatewayError(502, 'malformed_response', 'Cashfree answered the payments of an order without a list', true);
    return entities.map(paymentFrom);
  }

  async refund(refund: RefundRequest): Promise<GatewayRefund> {
    const body: CreateRefundBody = { refund_amount: rupeesOf(refund.amountPaise), refund_id: refund.refundId, refund_note: refund.note };
    const mandated = refund.subscriptionPayment;
    const entity = await this.http.send<RefundEntity>({
      method: 'POST',
      ...(mandated
        ? {
            path: `/subscriptions/${segment(mandated.subscriptionId)}/refunds`,
            body: {
              ...body,
              subscription_id: mandated.subscriptionId,
              payment_id: mandated.paymentId,
            } satisfies CreateSubscriptionRefundBody,
          }
        : { path: `/orders/${segment(refund.orderId)}/refunds`, body }),
      // Our refund id is the anchor: the same refund asked for twice is one refund.
      idempotencyKey: idempotencyKeyFor('refund', `${refund.orderId}:${refund.refundId}`),
    });
    return refundFrom(entity);
  }

  async getRefund(refund: Pick<RefundRequest, 'orderId' | 'refundId' | 'subscriptionPayment'>): Promise<GatewayRefund> {
    const owner = refund.subscriptionPayment
      ? `/subscriptions/${segment(refund.subscriptionPayment.subscriptionId)}`
      : `/orders/${segment(refund.orderId)}`;
    return refundFrom(await this.http.send<RefundEntity>({ method: 'GET', path: `${owner}/refunds/${segment(refund.refundId)}` }));
  }

  async ensurePlan(plan: MandatePlan): Promise<void> {
    const existing = await this.findPlan(plan.planId);
    if (existing) return this.checkPlan(plan, existing);
    const body: CreatePlanBody = {
      plan_id: plan.planId,
      plan_name: plan.name,
      plan_type: 'ON_DEMAND',
      plan_currency: 'INR',
      plan_max_amount: rupeesOf(plan.maxAmountPaise),
      plan_note: plan.note,
    };
    try {
      await this.http.send<PlanEntity>({ method: 'POST', path: '/plans', body, idempotencyKey: idempotencyKeyFor('plan', plan.planId) });
    } catch (error) {
      // Another instance may have created it between our look and our write; what counts is that it exists now.
      if (!(error instanceof GatewayError) || error.retryable) throw error;
      const created = await this.findPlan(plan.planId);
      if (!created) throw error;
      this.checkPlan(plan, created);
    }
  }

  async createSubscription(mandate: CreateMandate, idempotencyKey: string): Promise<GatewaySubscription> {
    const body: CreateSubscriptionBody = {
      subscription_id: mandate.subscriptionId,
      customer_details: {
        customer_name: mandate.customer.name,
        customer_email: mandate.customer.email,
        customer_phone: mandate.customer.phone,
      },
      plan_details: { plan_id: mandate.plan.planId },
      authorization_details: {
        authorization_amount: rupeesOf(mandate.authorizationAmountPaise),
        authorization_amount_refund: false,
        payment_methods: ['upi'],
      },
      subscription_meta: { return_url: mandate.returnUrl },
      subscription_expiry_time: cashfreeTimestamp(mandate.expiresAt),
      subscription_note: mandate.note,
    };
    const entity = await this.http.send<SubscriptionEntity>({
      method: 'POST',
      path: '/subscriptions',
      body,
      idempotencyKey: keyFor('subscription', idempotencyKey),
    });
    return this.withMandatePage(subscriptionFrom(entity));
  }

  async getSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    return this.withMandatePage(
      subscriptionFrom(await this.http.send<SubscriptionEntity>({ method: 'GET', path: `/subscriptions/${segment(subscriptionId)}` })),
    );
  }

  async cancelSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    const body: ManageSubscriptionBody = { subscription_id: subscriptionId, action: 'CANCEL' };
    try {
      const entity = await this.http.send<SubscriptionEntity>({
        method: 'POST',
        path: `/subscriptions/${segment(subscriptionId)}/manage`,
        body,
        // Cancelling is final, so every cancel of one subscription is the same request.
        idempotencyKey: idempotencyKeyFor('cancel', subscriptionId),
      });
      return this.withMandatePage(subscriptionFrom(entity));
    } catch (error) {
      // Cashfree refuses to cancel what has already ended (by us, the member at the bank, or expiry); the caller
      // wanted it ended, so the current state is the answer.
      if (!(error instanceof GatewayError) || error.status !== 400) throw error;
      const current = await this.getSubscription(subscriptionId);
      if (!ENDED.has(current.status)) throw error;
      return current;
    }
  }

  chargeWindow(notBefore: Date): ChargeWindow {
    // Only the date reaches Cashfree, and the debit may come at any time of that day.
    const from = startOfNextIndianDay(notBefore);
    return { from, until: new Date(from.getTime() + 24 * 3600_000) };
  }

  /** A charge's `payment_schedule_date`: its Indian day (Cashfree uses only the date). */
  protected scheduleDateOf(date: Date): string {
    return scheduleDate(date);
  }

  async raiseCharge(charge: RaiseCharge, idempotencyKey: string): Promise<GatewayCharge> {
    const body: CreateChargeBody = {
      subscription_id: charge.subscriptionId,
      payment_id: charge.paymentId,
      payment_type: 'CHARGE',
      payment_amount: rupeesOf(charge.amountPaise),
      payment_schedule_date: this.scheduleDateOf(charge.scheduledFor),
      payment_remarks: charge.remarks,
    };
    try {
      const entity = await this.http.send<SubscriptionPaymentEntity>({
        method: 'POST',
        path: '/subscriptions/pay',
        body,
        idempotencyKey: keyFor('charge', idempotencyKey),
      });
      return chargeFrom(entity);
    } catch (error) {
      // Our payment id names one charge. Raised again after Cashfree has forgotten the idempotency key (its
      // retention is not documented), the charge is refused as a duplicate; the one that exists is the answer, so a
      // debited member is never recorded as a failed renewal.
      if (!(error instanceof GatewayError) || error.retryable || (error.status !== 400 && error.status !== 409)) throw error;
      const existing = await this.getCharge(charge.subscriptionId, charge.paymentId).catch(() => undefined);
      if (!existing || existing.amountPaise !== charge.amountPaise) throw error;
      return existing;
    }
  }

  async getCharge(subscriptionId: string, paymentId: string): Promise<GatewayCharge> {
    return chargeFrom(
      await this.http.send<SubscriptionPaymentEntity>({
        method: 'GET',
        path: `/subscriptions/${segment(subscriptionId)}/payments/${segment(paymentId)}`,
      }),
    );
  }

  async cancelCharge(subscriptionId: string, paymentId: string): Promise<GatewayCharge> {
    const body: ManageSubscriptionPaymentBody = { subscription_id: subscriptionId, payment_id: paymentId, action: 'CANCEL' };
    try {
      const entity = await this.http.send<SubscriptionPaymentEntity>({
        method: 'POST',
        path: `/subscriptions/${segment(subscriptionId)}/payments/${segment(paymentId)}/manage`,
        body,
        // Calling a charge off is final, so every cancel of one charge is the same request.
        idempotencyKey: idempotencyKeyFor('cancel-charge', `${subscriptionId}:${paymentId}`),
      });
      return chargeFrom(entity);
    } catch (error) {
      // Cashfree refuses to cancel a charge that has already ended; one that failed or was cancelled (with its
      // mandate, say) takes no money, which is what the caller wanted. One with the bank or paid stays refused.
      if (!(error instanceof GatewayError) || error.status !== 400) throw error;
      const current = await this.getCharge(subscriptionId, paymentId);
      if (current.status !== 'CANCELLED' && current.status !== 'FAILED') throw error;
      return current;
    }
  }

  verifyWebhook(rawBody: string, headers: Headers, now: Date): GatewayWebhook {
    return verifyCashfreeWebhook(this.settings.webhookSecret, rawBody, headers, now);
  }

  private async findPlan(planId: string): Promise<PlanEntity | undefined> {
    try {
      return await this.http.send<PlanEntity>({ method: 'GET', path: `/plans/${segment(planId)}` });
    } catch (error) {
      if (error instanceof GatewayError && error.status === 404) return undefined;
      throw error;
    }
  }

  /** Plans cannot be edited: one with our id but other terms would make every charge above its maximum fail. */
  private checkPlan(wanted: MandatePlan, found: PlanEntity): void {
    const maxPaise = paiseOf(found.plan_max_amount ?? Number.NaN);
    if (found.plan_type !== 'ON_DEMAND' || maxPaise !== wanted.maxAmountPaise) {
      throw new GatewayError(
        409,
        'plan_mismatch',
        `Cashfree plan ${wanted.planId} exists as ${found.plan_type} with maximum ${found.plan_max_amount}; wanted ON_DEMAND with ${rupeesOf(wanted.maxAmountPaise)}`,
        false,
      );
    }
  }
}

const ENDED = new Set(['CANCELLED', 'CUSTOMER_CANCELLED', 'COMPLETED', 'EXPIRED', 'LINK_EXPIRED', 'CARD_EXPIRED']);
