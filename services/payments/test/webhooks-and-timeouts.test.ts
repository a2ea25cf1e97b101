import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedDelivery, subscriptionPaymentWebhook, subscriptionStatusWebhook } from '../src/simulator/simulator-webhooks.js';
import { current, decideMandate, paymentEvents, registerMember, startPayments, subscribe } from './helpers.js';

const secretOf = async (payments: ServiceHarness) =>
  (await sql<{ value: string }>`select value from sim_secrets where name = 'webhook'`.execute(payments.db)).rows[0]!.value;

/** What Cashfree sends about a mandate's authorisation debit. */
const authWebhook = (subscriptionId: string, status: 'SUCCESS' | 'FAILED', failureReason: string | null = null, at = new Date()) =>
  subscriptionPaymentWebhook('SUBSCRIPTION_AUTH_STATUS', {
    subscriptionId,
    paymentId: `auth_${subscriptionId}`,
    paymentType: 'AUTH',
    status,
    amountPaise: 117_882,
    failureReason,
    at,
  });

const post = (payments: ServiceHarness, delivery: { body: string; headers: Record<string, string> }) =>
  payments.request('/webhooks/cashfree', { method: 'POST', headers: delivery.headers, rawBody: delivery.body });

describe.each(DATABASE_KINDS)('webhooks on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;

  beforeAll(async () => {
    if (available) payments = await startPayments(kind);
  });
  afterAll(async () => payments?.close());

  async function authorisedAtGateway() {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    // The member approved on the gateway's side; our webhook endpoint has not been told yet.
    await sql`update sim_subscriptions set status = 'ACTIVE', authorization_status = 'ACTIVE', umn = 'asha@upi.umn1', method = 'upi', authorized_at = now()
      where subscription_id = ${started.subscription_id}`.execute(payments.db);
    const payload = subscriptionStatusWebhook({
      subscriptionId: started.subscription_id,
      status: 'ACTIVE',
      authorizationStatus: 'ACTIVE',
      umn: 'asha@upi.umn1',
      amountPaise: 117_882,
      authorizationPaymentId: 'auth_x',
      at: new Date(),
    });
    return { member, started, payload };
  }

  it.runIf(available)('refuses a forged signature and a tampered body, changing nothing', async () => {
    const { member, payload } = await authorisedAtGateway();
    const forged = signedDelivery('not-the-secret', payload);
    expect((await post(payments, forged)).status).toBe(401);
    const genuine = signedDelivery(await secretOf(payments), payload);
    const tampered = { body: genuine.body.replace('ACTIVE', 'CANCELLED'), headers: genuine.headers };
    const response = await payments.request('/webhooks/cashfree', { method: 'POST', headers: tampered.headers, rawBody: tampered.body });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ is_success: false, message: 'Webhook refused: signature' });
    expect((await current(payments, member)).subscription.status).toBe('pending');
  });

  it.runIf(available)('refuses a delivery older than five minutes', async () => {
    const { member, payload } = await authorisedAtGateway();
    const stale = signedDelivery(await secretOf(payments), payload, new Date(Date.now() - 6 * 60_000));
    const response = await post(payments, stale);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Webhook refused: stale' });
    expect((await current(payments, member)).subscription.status).toBe('pending');
  });

  it.runIf(available)('makes one transition from a webhook replayed 100 times', async () => {
    const { member, started, payload } = await authorisedAtGateway();
    const delivery = signedDelivery(await secretOf(payments), payload);
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push((await post(payments, delivery)).status);
    expect(new Set(answers)).toEqual(new Set([200]));
    const paymentId = (await current(payments, member)).subscription.latest_payment.payment_id;
    expect(await paymentEvents(payments, paymentId)).toEqual(['PaymentInitiated', 'PaymentSucceeded']);
    const activations = await sql<{
      n: number;
    }>`select count(*)::int as n from events where type = 'SubscriptionActivated' and stream_id = ${`subscription-${started.subscription_id}`}`.execute(
      payments.db,
    );
    expect(activations.rows[0]!.n).toBe(1);
    const receipts = await sql<{ n: number }>`select count(*)::int as n from webhook_receipts`.execute(payments.db);
    expect(receipts.rows[0]!.n).toBeGreaterThan(0);
  });

  it.runIf(available)('knows a delivery by its signed content, whatever x-idempotency-key it carries', async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    const secret = await secretOf(payments);
    const statusWebhook = (status: string, authorizationStatus: string, at: Date) =>
      subscriptionStatusWebhook({
        subscriptionId: started.subscription_id,
        status,
        authorizationStatus,
        umn: authorizationStatus === 'ACTIVE' ? 'asha@upi.umn1' : null,
        amountPaise: 117_882,
        authorizationPaymentId: authorizationStatus === 'ACTIVE' ? 'auth_x' : null,
        at,
      });
    const withKey = (delivery: ReturnType<typeof signedDelivery>, key: string) => ({
      body: delivery.body,
      headers: { ...delivery.headers, 'x-idempotency-key': key },
    });
    const answer = async (delivery: ReturnType<typeof signedDelivery>) =>
      ((await (await post(payments, delivery)).json()) as { message: string }).message;

    // Two genuine webhooks under one key (the header is not signed; anyone on the path may set it): both apply.
    const pending = signedDelivery(secret, statusWebhook('INITIALIZED', 'PENDING', new Date(Date.now() - 1_000)));
    expect(await answer(withKey(pending, 'shared-key'))).toBe('Processed');
    await sql`update sim_subscriptions set status = 'ACTIVE', authorization_status = 'ACTIVE', umn = 'asha@upi.umn1', method = 'upi', authorized_at = now()
      where subscription_id = ${started.subscription_id}`.execute(payments.db);
    const active = signedDelivery(secret, statusWebhook('ACTIVE', 'ACTIVE', new Date()));
    expect(await answer(withKey(active, 'shared-key'))).toBe('Processed');
    expect((await current(payments, member)).subscription.status).toBe('active');

    // A replay of a delivery under a key of the replayer's choosing is still the same delivery.
    expect(await answer(withKey(active, 'a-fresh-key'))).toBe('Already processed');
    expect(await answer(withKey(pending, 'another-fresh-key'))).toBe('Already processed');
    const paymentId = (await current(payments, member)).subscription.latest_payment.payment_id;
    expect(await paymentEvents(payments, paymentId)).toEqual(['PaymentInitiated', 'PaymentSucceeded']);
  });

  it.runIf(available)('confirms with the gateway: a webhook that claims success for an unpaid mandate changes nothing', async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    const lie = subscriptionPaymentWebhook('SUBSCRIPTION_AUTH_STATUS', {
      subscriptionId: started.subscription_id,
      paymentId: 'auth_x',
      paymentType: 'AUTH',
      status: 'SUCCESS',
      amountPaise: 1,
      failureReason: null,
      at: new Date(),
    });
    expect((await post(payments, signedDelivery(await secretOf(payments), lie))).status).toBe(200);
    expect((await current(payments, member)).subscription.status).toBe('pending');
  });

  it.runIf(available)('ends in the right state whatever order the webhooks arrive in', async () => {
    const { member, started, payload } = await authorisedAtGateway();
    const secret = await secretOf(payments);
    const auth = authWebhook(started.subscription_id, 'SUCCESS');
    // Status before authorisation, the reverse of the order they were sent in.
    await post(payments, signedDelivery(secret, payload));
    await post(payments, signedDelivery(secret, auth));
    expect((await current(payments, member)).subscription).toMatchObject({ status: 'active', mandate: { status: 'active' } });
  });

  it.runIf(available)('keeps a success when a failure webhook arrives after it, even if the gateway then says failed', async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    await decideMandate(payments, started.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    const paymentId = (await current(payments, member)).subscription.latest_payment.payment_id;
    const failed = authWebhook(started.subscription_id, 'FAILED', 'Mandate declined by the bank', new Date(Date.now() - 60_000));
    const secret = await secretOf(payments);
    expect((await post(payments, signedDelivery(secret, failed))).status).toBe(200);
    // Even a gateway that changed its mind afterwards does not undo a settled success.
    await sql`update sim_subscriptions set status = 'INITIALIZED', authorization_status = 'FAILED' where subscription_id = ${started.subscription_id}`.execute(
      payments.db,
    );
    const again = { ...failed, event_time: new Date().toISOString() };
    expect((await post(payments, signedDelivery(secret, again))).status).toBe(200);
    expect(await paymentEvents(payments, paymentId)).toEqual(['PaymentInitiated', 'PaymentSucceeded']);
    expect((await current(payments, member)).subscription).toMatchObject({
      status: 'active',
      latest_payment: { status: 'success' },
      mandate: { status: 'active' },
    });
  });

  it.runIf(available)('acknowledges unknown event types and unknown orders', async () => {
    const secret = await secretOf(payments);
    const unknownType = await post(
      payments,
      signedDelivery(secret, { type: 'SETTLEMENT_SUCCESS', data: {}, event_time: '2026-11-22T10:00:00+05:30' }),
    );
    expect(unknownType.status).toBe(200);
    const unknownOrder = await post(
      payments,
      signedDelivery(secret, {
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        data: { order: { order_id: 'NOPE-123' }, payment: { cf_payment_id: '1', payment_status: 'SUCCESS' } },
      }),
    );
    expect(unknownOrder.status).toBe(200);
    expect(await unknownOrder.json()).toMatchObject({ is_success: true, message: 'Acknowledged' });
  });

  it.runIf(available)('refuses a body that is not JSON', async () => {
    const secret = await secretOf(payments);
    const { headers } = signedDelivery(secret, {});
    const body = 'not json';
    const { webhookSignature } = await import('../src/gateway/webhook-signature.js');
    const signed = { ...headers, 'x-webhook-signature': webhookSignature(secret, headers['x-webhook-timestamp']!, body) };
    const response = await payments.request('/webhooks/cashfree', { method: 'POST', headers: signed, rawBody: body });
    expect(response.status).toBe(400);
  });
});

describe.each(DATABASE_KINDS)('payment timeouts on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;

  beforeAll(async () => {
    if (available)
      payments = await startPayments(kind, {
        PAYMENT_AT_RISK_SECONDS: '1',
        PAYMENT_TIMEOUT_SECONDS: '2',
        RECONCILE_PENDING_AFTER_SECONDS: '1',
      });
  });
  afterAll(async () => payments?.close());

  it.runIf(available)('fails an abandoned payment at its timeout with auto_failed, and fails the membership attempt', async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    const paymentId = (await current(payments, member)).subscription.latest_payment.payment_id;
    await eventually(async () => (await current(payments, member)).subscription.status === 'failed', 10_000);
    const row = await sql<{
      status: string;
      auto_failed: boolean;
      timeout_minutes: number;
      failure_reason: string;
    }>`select status, auto_failed, timeout_minutes, failure_reason from payments where payment_id = ${paymentId}`.execute(payments.db);
    expect(row.rows[0]).toMatchObject({ status: 'failed', auto_failed: true });
    expect(row.rows[0]!.failure_reason).toContain('timed out');
    expect(await paymentEvents(payments, paymentId)).toEqual(['PaymentInitiated', 'PaymentFailed']);
    const mandate = await payments.json(`/subscription/mandate-status/${started.order_id}`, { token: member.token });
    expect(mandate.body.data).toMatchObject({ status: 'failed', payment_status: 'failed' });
  });

  const activeMemberships = async (memberId: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from subscriptions where member_id = ${memberId} and status = 'active'`.execute(
        payments.db,
      )
    ).rows[0]!.n;
  const gatewayMandate = async (subscriptionId: string) =>
    (
      await sql<{
        status: string;
        authorization_status: string;
      }>`select status, authorization_status from sim_subscriptions where subscription_id = ${subscriptionId}`.execute(payments.db)
    ).rows[0];

  /** A member whose first attempt timed out and who then paid with RETRY PAYMENT (a new attempt). */
  async function retriedAfterTimeout() {
    const member = await registerMember(payments);
    const old = await subscribe(payments, member);
    const oldPaymentId = (await current(payments, member)).subscription.latest_payment.payment_id;
    await eventually(async () => (await current(payments, member)).subscription.status === 'failed', 10_000);
    const retry = await subscribe(payments, member);
    expect(retry.subscription_id).not.toBe(old.subscription_id);
    await decideMandate(payments, retry.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    return { member, old, oldPaymentId, retry };
  }

  it.runIf(available)("cancels a timed-out attempt's mandate: its old link approved after a retry debits nothing", async () => {
    const { member, old, oldPaymentId, retry } = await retriedAfterTimeout();
    expect(await gatewayMandate(old.subscription_id)).toMatchObject({ status: 'CANCELLED' });
    const approveOld = await payments.request(new URL(old.payment_link).pathname, {
      method: 'POST',
      body: { outcome: 'success', upi_id: 'asha@upi' },
    });
    expect(approveOld.status).toBe(409);
    expect(await approveOld.text()).toContain('This mandate is cancelled');
    expect(await gatewayMandate(old.subscription_id)).toMatchObject({ status: 'CANCELLED', authorization_status: 'INITIALIZED' });
    expect(await paymentEvents(payments, oldPaymentId)).toEqual(['PaymentInitiated', 'PaymentFailed']);
    expect(await activeMemberships(member.memberId)).toBe(1);
    expect((await current(payments, member)).subscription).toMatchObject({ status: 'active', subscription_id: retry.subscription_id });
    expect((await current(payments, member)).credit_balance_paise).toBe(99_900);
  });

  it.runIf(available)('refunds money that still arrives for a timed-out attempt, keeping exactly one membership', async () => {
    const { member, old, oldPaymentId } = await retriedAfterTimeout();
    // A race the simulator no longer allows but Cashfree could: the old mandate was approved before our cancel landed.
    await sql`update sim_subscriptions set status = 'ACTIVE', authorization_status = 'ACTIVE', authorization_payment_id = ${`auth_${old.subscription_id}`},
      umn = 'asha@upi.umn9', method = 'upi', authorized_at = now() where subscription_id = ${old.subscription_id}`.execute(payments.db);
    const webhook = subscriptionStatusWebhook({
      subscriptionId: old.subscription_id,
      status: 'ACTIVE',
      authorizationStatus: 'ACTIVE',
      umn: 'asha@upi.umn9',
      amountPaise: 117_882,
      authorizationPaymentId: `auth_${old.subscription_id}`,
      at: new Date(),
    });
    expect((await post(payments, signedDelivery(await secretOf(payments), webhook))).status).toBe(200);
    expect(await paymentEvents(payments, oldPaymentId)).toEqual([
      'PaymentInitiated',
      'PaymentFailed',
      'PaymentSucceeded',
      'RefundRequested',
      'PaymentRefunded',
    ]);
    const refunds = await sql<{
      amount_paise: string;
    }>`select amount_paise from sim_refunds where order_id = ${old.subscription_id}`.execute(payments.db);
    expect(refunds.rows.map((row) => Number(row.amount_paise))).toEqual([117_882]);
    expect(await gatewayMandate(old.subscription_id)).toMatchObject({ status: 'CANCELLED' });
    expect(await activeMemberships(member.memberId)).toBe(1);
    const oldStatus = await sql<{
      status: string;
    }>`select status from subscriptions where subscription_id = ${old.subscription_id}`.execute(payments.db);
    expect(oldStatus.rows[0]!.status).toBe('failed');
    expect((await current(payments, member)).credit_balance_paise).toBe(99_900);
    const invoices = await sql<{ n: number }>`select count(*)::int as n from invoices where payment_id = ${oldPaymentId}`.execute(
      payments.db,
    );
    expect(invoices.rows[0]!.n).toBe(0);
  });

  it.runIf(available)('refunds on a later reconciliation when the gateway would not refund a stale attempt at first', async () => {
    const { member, old, oldPaymentId } = await retriedAfterTimeout();
    // Approved in a race, and reported as SUCCESS: a state the simulator's refund refuses until it turns ACTIVE.
    await sql`update sim_subscriptions set status = 'ACTIVE', authorization_status = 'SUCCESS', authorization_payment_id = ${`auth_${old.subscription_id}`},
      method = 'upi', authorized_at = now() where subscription_id = ${old.subscription_id}`.execute(payments.db);
    const webhook = authWebhook(old.subscription_id, 'SUCCESS');
    expect((await post(payments, signedDelivery(await secretOf(payments), webhook))).status).toBe(200);
    // Asked for, and left pending while the gateway refuses it.
    expect(await paymentEvents(payments, oldPaymentId)).toEqual([
      'PaymentInitiated',
      'PaymentFailed',
      'PaymentSucceeded',
      'RefundRequested',
    ]);
    await sql`update sim_subscriptions set authorization_status = 'ACTIVE' where subscription_id = ${old.subscription_id}`.execute(
      payments.db,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const trigger = () =>
      payments.json('/internal/cron/trigger', {
        method: 'POST',
        body: { mode: 'normal' },
        headers: { 'x-service-token': TEST_SERVICE_TOKEN },
      });
    expect((await trigger()).status).toBe(200);
    expect((await paymentEvents(payments, oldPaymentId)).at(-1)).toBe('PaymentRefunded');
    await trigger();
    const refunds = await sql<{ n: number }>`select count(*)::int as n from sim_refunds where order_id = ${old.subscription_id}`.execute(
      payments.db,
    );
    expect(refunds.rows[0]!.n).toBe(1);
    expect(await activeMemberships(member.memberId)).toBe(1);
  });

  it.runIf(available)('cancels the timeout of a payment that settles in time', async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    await decideMandate(payments, started.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const paymentId = (await current(payments, member)).subscription.latest_payment.payment_id;
    expect(await paymentEvents(payments, paymentId)).toEqual(['PaymentInitiated', 'PaymentSucceeded']);
  });
});
