import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashfreeEmulator } from '../../src/gateway/cashfree-emulator/emulator.js';
import type { AuthorisationField } from '../../src/gateway/cashfree-emulator/state.js';
import { WebhookRejected } from '../../src/gateway/payment-gateway.js';
import { annualPlan, checkoutOrder, daysAhead, gatewayFor, mandate, unique } from './support.js';

const rejection = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookRejected) return error.reason;
    throw error;
  }
  return undefined;
};

describe('Cashfree webhooks', () => {
  let fake: CashfreeEmulator;
  let gateway: ReturnType<typeof gatewayFor>['gateway'];
  let orderId: string;
  let cfPaymentId: string;
  let subscriptionId: string;

  beforeAll(async () => {
    fake = await CashfreeEmulator.start();
    gateway = gatewayFor(fake).gateway;
    const order = checkoutOrder({ amountPaise: 99_900 });
    orderId = order.orderId;
    await gateway.createOrder(order, unique('key'));
    cfPaymentId = fake.driver.completePayment(orderId).cf_payment_id;
    const plan = annualPlan();
    await gateway.ensurePlan(plan);
    const wanted = mandate(plan);
    subscriptionId = wanted.subscriptionId;
    await gateway.createSubscription(wanted, unique('key'));
    fake.driver.authoriseMandate(subscriptionId);
  });
  afterAll(() => fake?.close());

  const verify = (delivery: { body: string; headersObject(): Headers }, now = new Date()) =>
    gateway.verifyWebhook(delivery.body, delivery.headersObject(), now);
  /** The id a delivery should get: a digest of what its signature covers. */
  const signedDigest = (delivery: { body: string; headers: Record<string, string> }) =>
    createHash('sha256')
      .update(delivery.headers['x-webhook-timestamp'] + delivery.body)
      .digest('hex');

  it('accepts a payment success and names the order, payment and status; its id is a digest of the signed content', () => {
    const delivery = fake.webhooks.payment(orderId);
    expect(verify(delivery)).toEqual({
      id: signedDigest(delivery),
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      kind: 'payment',
      orderId,
      paymentId: cfPaymentId,
      status: 'SUCCESS',
    });
    // The raw body carries 999.00, which re-serialising would turn into 999.
    expect(delivery.body).toContain('"payment_amount":999.00');
  });

  it('maps failed and user-dropped payments', async () => {
    const order = checkoutOrder();
    await gateway.createOrder(order, unique('key'));
    const failed = fake.driver.failPayment(order.orderId, { method: 'card' });
    const dropped = fake.driver.failPayment(order.orderId, { userDropped: true });
    expect(verify(fake.webhooks.payment(order.orderId, failed.cf_payment_id))).toMatchObject({
      type: 'PAYMENT_FAILED_WEBHOOK',
      kind: 'payment',
      paymentId: failed.cf_payment_id,
      status: 'FAILED',
    });
    expect(verify(fake.webhooks.payment(order.orderId, dropped.cf_payment_id))).toMatchObject({
      type: 'PAYMENT_USER_DROPPED_WEBHOOK',
      status: 'USER_DROPPED',
    });
  });

  it('refuses a forged signature, a tampered body and a re-serialised body', () => {
    expect(rejection(() => verify(fake.webhooks.payment(orderId, undefined, { secret: 'someone-elses-secret' })))).toBe('signature');
    const genuine = fake.webhooks.payment(orderId);
    const tampered = genuine.body.replace('"payment_status":"SUCCESS"', '"payment_status":"FAILED"');
    expect(tampered).not.toBe(genuine.body);
    expect(rejection(() => gateway.verifyWebhook(tampered, genuine.headersObject(), new Date()))).toBe('signature');
    expect(rejection(() => gateway.verifyWebhook(JSON.stringify(JSON.parse(genuine.body)), genuine.headersObject(), new Date()))).toBe(
      'signature',
    );
    const headers = genuine.headersObject();
    headers.set('x-webhook-timestamp', String(Number(genuine.headers['x-webhook-timestamp']) + 1));
    expect(rejection(() => gateway.verifyWebhook(genuine.body, headers, new Date()))).toBe('signature');
  });

  it('refuses deliveries older (or newer) than five minutes, and accepts one four minutes old', () => {
    const now = Date.now();
    expect(rejection(() => verify(fake.webhooks.payment(orderId, undefined, { timestampMs: now - 6 * 60_000 })))).toBe('stale');
    expect(rejection(() => verify(fake.webhooks.payment(orderId, undefined, { timestampMs: now + 6 * 60_000 })))).toBe('stale');
    expect(verify(fake.webhooks.payment(orderId, undefined, { timestampMs: now - 4 * 60_000 })).kind).toBe('payment');
    const delivery = fake.webhooks.payment(orderId, undefined, { timestampMs: now });
    expect(rejection(() => verify(delivery, new Date(now + 5 * 60_000 + 1)))).toBe('stale');
  });

  it('refuses deliveries without signature headers, or whose signed body is not an event', () => {
    const delivery = fake.webhooks.payment(orderId);
    const headers = delivery.headersObject();
    headers.delete('x-webhook-signature');
    expect(rejection(() => gateway.verifyWebhook(delivery.body, headers, new Date()))).toBe('malformed');
    expect(rejection(() => verify(fake.webhooks.sign('not json')))).toBe('malformed');
    expect(rejection(() => verify(fake.webhooks.sign('{"data":{}}')))).toBe('malformed');
  });

  it('passes an unknown event type through as unknown', () => {
    const delivery = fake.webhooks.custom('SETTLEMENT_SUCCESS', { settlement: { cf_settlement_id: '1' } });
    expect(verify(delivery)).toEqual({ id: signedDigest(delivery), type: 'SETTLEMENT_SUCCESS', kind: 'unknown' });
  });

  it('ignores the unsigned x-idempotency-key: a changed key keeps the id, a shared key does not merge two webhooks', () => {
    const delivery = fake.webhooks.payment(orderId);
    const rekeyed = delivery.headersObject();
    rekeyed.set('x-idempotency-key', 'a-key-someone-else-chose');
    expect(gateway.verifyWebhook(delivery.body, rekeyed, new Date()).id).toBe(verify(delivery).id);

    const later = fake.webhooks.payment(orderId, undefined, { timestampMs: Date.now() + 1_000 });
    const sameKey = later.headersObject();
    sameKey.set('x-idempotency-key', delivery.headers['x-idempotency-key']!);
    expect(gateway.verifyWebhook(later.body, sameKey, new Date()).id).not.toBe(verify(delivery).id);
  });

  it('without x-idempotency-key (older versions), derives the same id for the same delivery', () => {
    const timestampMs = Date.now();
    const first = fake.webhooks.payment(orderId, undefined, { withoutIdempotencyKey: true, timestampMs, version: '2023-08-01' });
    const again = fake.webhooks.payment(orderId, undefined, {
      withoutIdempotencyKey: true,
      timestampMs,
      version: '2023-08-01',
      attempt: 2,
    });
    expect(first.body).toBe(again.body);
    const id = verify(first).id;
    expect(id).toBe(
      createHash('sha256')
        .update(String(timestampMs) + first.body)
        .digest('hex'),
    );
    expect(verify(again).id).toBe(id);
  });

  it.each(['REFUND_STATUS_WEBHOOK', 'REFUND_SUCCESS_WEBHOOK'] as const)('maps %s to the refund and its order', async (type) => {
    const refundId = `rf_webhook_${type.split('_')[1]?.toLowerCase()}`;
    await gateway.refund({ orderId, refundId, amountPaise: 9_900, note: 'Partial refund' });
    fake.driver.settleRefund(orderId, refundId);
    expect(verify(fake.webhooks.refund(orderId, refundId, { type }))).toMatchObject({
      type,
      kind: 'refund',
      orderId,
      paymentId: cfPaymentId,
      refundId,
      status: 'SUCCESS',
    });
  });

  it.each(['SUBSCRIPTION_STATUS_CHANGED', 'SUBSCRIPTION_STATUS_CHANGE'] as const)('maps %s to the subscription and its status', (type) => {
    expect(verify(fake.webhooks.subscriptionStatus(subscriptionId, { type }))).toMatchObject({
      type,
      kind: 'subscription',
      subscriptionId,
      status: 'ACTIVE',
    });
  });

  it.each<AuthorisationField>(['authorization_details', 'authorisation_details'])(
    'reads the authorisation status of SUBSCRIPTION_AUTH_STATUS spelt %s',
    (field) => {
      const delivery = fake.webhooks.subscriptionAuth(subscriptionId, { authorisationField: field });
      expect(delivery.body).toContain(`"${field}":`);
      expect(verify(delivery)).toMatchObject({ type: 'SUBSCRIPTION_AUTH_STATUS', kind: 'subscription', subscriptionId, status: 'ACTIVE' });
    },
  );

  it('maps charge events (pre-debit notice, success, failure) to the charge by our payment id', async () => {
    const raise = async () =>
      (
        await gateway.raiseCharge(
          { subscriptionId, paymentId: unique('chg'), amountPaise: 117_882, scheduledFor: daysAhead(2), remarks: 'Renewal' },
          unique('key'),
        )
      ).paymentId;
    const settled = await raise();
    expect(verify(fake.webhooks.subscriptionPayment(subscriptionId, settled))).toMatchObject({
      type: 'SUBSCRIPTION_PAYMENT_NOTIFICATION_INITIATED',
      kind: 'subscription_payment',
      subscriptionId,
      paymentId: settled,
      status: 'INITIALIZED',
    });
    fake.driver.settleCharge(subscriptionId, settled);
    expect(verify(fake.webhooks.subscriptionPayment(subscriptionId, settled))).toMatchObject({
      type: 'SUBSCRIPTION_PAYMENT_SUCCESS',
      status: 'SUCCESS',
    });
    const failed = await raise();
    fake.driver.failCharge(subscriptionId, failed);
    expect(verify(fake.webhooks.subscriptionPayment(subscriptionId, failed))).toMatchObject({
      type: 'SUBSCRIPTION_PAYMENT_FAILED',
      kind: 'subscription_payment',
      paymentId: failed,
      status: 'FAILED',
    });
  });

  it('treats a payment event about the mandate’s AUTH debit as news of the subscription', () => {
    const data = {
      subscription_id: subscriptionId,
      payment_id: 'auth_1',
      payment_type: 'AUTH',
      payment_status: 'SUCCESS',
      authorization_details: { authorization_status: 'ACTIVE' },
    };
    expect(verify(fake.webhooks.custom('SUBSCRIPTION_PAYMENT_SUCCESS', data))).toMatchObject({
      kind: 'subscription',
      subscriptionId,
      paymentId: 'auth_1',
      status: 'ACTIVE',
    });
  });

  it('uses a separate webhook secret when one is configured', () => {
    const separate = gatewayFor(fake, { webhookSecret: 'whsec_subscriptions' }).gateway;
    const delivery = fake.webhooks.subscriptionStatus(subscriptionId, { secret: 'whsec_subscriptions' });
    expect(separate.verifyWebhook(delivery.body, delivery.headersObject(), new Date()).kind).toBe('subscription');
    expect(rejection(() => gateway.verifyWebhook(delivery.body, delivery.headersObject(), new Date()))).toBe('signature');
  });

  it('can be posted to an HTTP handler that reads the raw body', async () => {
    const app = new Hono().post('/webhooks/cashfree', async (c) => {
      try {
        return c.json(gateway.verifyWebhook(await c.req.text(), c.req.raw.headers, new Date()));
      } catch (error) {
        if (error instanceof WebhookRejected) return c.json({ reason: error.reason }, 401);
        throw error;
      }
    });
    const ok = await app.request(fake.webhooks.payment(orderId).toRequest('http://payments.local/webhooks/cashfree'));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ kind: 'payment', orderId });
    const forged = await app.request(
      fake.webhooks.payment(orderId, undefined, { secret: 'x' }).toRequest('http://payments.local/webhooks/cashfree'),
    );
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ reason: 'signature' });
  });
});
