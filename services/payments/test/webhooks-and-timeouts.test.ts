import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashfreeEmulator } from '../src/gateway/cashfree-emulator/emulator.js';
import { cashfreeIn, current, decideMandate, paymentEvents, registerMember, startPayments, subscribe } from './helpers.js';

type Delivery = { body: string; headers: Record<string, string> };

const post = (payments: ServiceHarness, delivery: Delivery) =>
  payments.request('/webhooks/cashfree', { method: 'POST', headers: delivery.headers, rawBody: delivery.body });

/**
 * Cashfree's SUBSCRIPTION_AUTH_STATUS for a mandate's authorisation debit, as the emulator builds it, told as FAILED
 * (what a bank's late or mistaken report would say), signed at `timestampMs` and dated `eventTime`.
 */
function failedAuthWebhook(cashfree: CashfreeEmulator, subscriptionId: string, timestampMs: number, eventTime: string): Delivery {
  const payload = JSON.parse(cashfree.webhooks.subscriptionAuth(subscriptionId).body);
  payload.data.payment_status = 'FAILED';
  payload.data.failure_details = { failure_reason: 'Mandate declined by the bank' };
  for (const field of ['authorisation_details', 'authorization_details'])
    if (payload.data[field]) payload.data[field].authorization_status = 'FAILED';
  payload.event_time = eventTime;
  return cashfree.webhooks.sign(JSON.stringify(payload), { timestampMs });
}

/**
 * A mandate payments cancelled that the member had approved just before the cancel landed: its authorisation debit
 * taken, the mandate cancelled after it, and Cashfree's webhook about the debit still to come.
 */
function approvedInARace(cashfree: CashfreeEmulator, subscriptionId: string) {
  const mandate = cashfree.state.subscriptions.get(subscriptionId)!;
  mandate.entity.subscription_status = 'INITIALIZED';
  cashfree.driver.authoriseMandate(subscriptionId);
  mandate.entity.subscription_status = 'CANCELLED';
}

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
    const cashfree = cashfreeIn(payments);
    cashfree.driver.authoriseMandate(started.subscription_id);
    const status = (options: { secret?: string; timestampMs?: number } = {}) =>
      cashfree.webhooks.subscriptionStatus(started.subscription_id, options);
    return { member, started, status, cashfree };
  }

  it.runIf(available)('refuses a forged signature and a tampered body, changing nothing', async () => {
    const { member, status } = await authorisedAtGateway();
    const forged = status({ secret: 'not-the-secret' });
    expect((await post(payments, forged)).status).toBe(401);
    const genuine = status();
    const tampered = { body: genuine.body.replace('ACTIVE', 'CANCELLED'), headers: genuine.headers };
    const response = await payments.request('/webhooks/cashfree', { method: 'POST', headers: tampered.headers, rawBody: tampered.body });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ is_success: false, message: 'Webhook refused: signature' });
    expect((await current(payments, member)).subscription.status).toBe('pending');
  });

  it.runIf(available)('refuses a delivery older than five minutes', async () => {
    const { member, status } = await authorisedAtGateway();
    const stale = status({ timestampMs: Date.now() - 6 * 60_000 });
    const response = await post(payments, stale);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Webhook refused: stale' });
    expect((await current(payments, member)).subscription.status).toBe('pending');
  });

  it.runIf(available)('makes one transition from a webhook replayed 100 times', async () => {
    const { member, started, status } = await authorisedAtGateway();
    const delivery = status();
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
    const cashfree = cashfreeIn(payments);
    const withKey = (delivery: Delivery, key: string) => ({
      body: delivery.body,
      headers: { ...delivery.headers, 'x-idempotency-key': key },
    });
    const answer = async (delivery: Delivery) => ((await (await post(payments, delivery)).json()) as { message: string }).message;

    // Two genuine webhooks under one key (the header is not signed; anyone on the path may set it): both apply.
    const pending = cashfree.webhooks.subscriptionStatus(started.subscription_id, { timestampMs: Date.now() - 1_000 });
    expect(await answer(withKey(pending, 'shared-key'))).toBe('Processed');
    cashfree.driver.authoriseMandate(started.subscription_id);
    const active = cashfree.webhooks.subscriptionStatus(started.subscription_id);
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
    const lie = cashfreeIn(payments).webhooks.custom('SUBSCRIPTION_AUTH_STATUS', {
      subscription_id: started.subscription_id,
      payment_id: 'auth_x',
      payment_type: 'AUTH',
      payment_status: 'SUCCESS',
      payment_amount: 0.01,
      failure_details: null,
    });
    expect((await post(payments, lie)).status).toBe(200);
    expect((await current(payments, member)).subscription.status).toBe('pending');
  });

  it.runIf(available)('ends in the right state whatever order the webhooks arrive in', async () => {
    const { member, started, status, cashfree } = await authorisedAtGateway();
    const auth = cashfree.webhooks.subscriptionAuth(started.subscription_id);
    // Status before authorisation, the reverse of the order they were sent in.
    await post(payments, status());
    await post(payments, auth);
    expect((await current(payments, member)).subscription).toMatchObject({ status: 'active', mandate: { status: 'active' } });
  });

  it.runIf(available)('keeps a success when a failure webhook arrives after it, even if the gateway then says failed', async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    await decideMandate(payments, started.payment_link, 'success');
    await eventually(async () => (await current(payments, member)).subscription.status === 'active');
    const paymentId = (await current(payments, member)).subscription.latest_payment.payment_id;
    const cashfree = cashfreeIn(payments);
    const earlier = Date.now() - 60_000;
    const failed = failedAuthWebhook(cashfree, started.subscription_id, earlier, new Date(earlier).toISOString());
    expect((await post(payments, failed)).status).toBe(200);
    // Even a gateway that changed its mind afterwards does not undo a settled success.
    const atCashfree = cashfree.state.subscriptions.get(started.subscription_id)!;
    atCashfree.entity.subscription_status = 'INITIALIZED';
    atCashfree.authorization.authorization_status = 'FAILED';
    const again = failedAuthWebhook(cashfree, started.subscription_id, Date.now(), new Date().toISOString());
    expect((await post(payments, again)).status).toBe(200);
    expect(await paymentEvents(payments, paymentId)).toEqual(['PaymentInitiated', 'PaymentSucceeded']);
    expect((await current(payments, member)).subscription).toMatchObject({
      status: 'active',
      latest_payment: { status: 'success' },
      mandate: { status: 'active' },
    });
  });

  it.runIf(available)('acknowledges unknown event types and unknown orders', async () => {
    const { webhooks } = cashfreeIn(payments);
    const unknownType = await post(payments, webhooks.custom('SETTLEMENT_SUCCESS', {}));
    expect(unknownType.status).toBe(200);
    const unknownOrder = await post(
      payments,
      webhooks.custom('PAYMENT_SUCCESS_WEBHOOK', {
        order: { order_id: 'NOPE-123' },
        payment: { cf_payment_id: '1', payment_status: 'SUCCESS' },
      }),
    );
    expect(unknownOrder.status).toBe(200);
    expect(await unknownOrder.json()).toMatchObject({ is_success: true, message: 'Acknowledged' });
  });

  it.runIf(available)('refuses a body that is not JSON', async () => {
    const response = await post(payments, cashfreeIn(payments).webhooks.sign('not json'));
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
  /** The mandate as the Cashfree emulator in payments' process has it. */
  const gatewayMandate = async (subscriptionId: string) => {
    const mandate = cashfreeIn(payments).state.subscriptions.get(subscriptionId);
    return mandate && { status: mandate.entity.subscription_status, authorization_status: mandate.authorization.authorization_status };
  };
  const gatewayRefunds = (subscriptionId: string) =>
    (cashfreeIn(payments).state.subscriptions.get(subscriptionId)?.refunds ?? []).map((refund) => Math.round(refund.refund_amount * 100));

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
    // A race Cashfree allows: the old mandate was approved before our cancel landed.
    const cashfree = cashfreeIn(payments);
    approvedInARace(cashfree, old.subscription_id);
    expect((await post(payments, cashfree.webhooks.subscriptionAuth(old.subscription_id))).status).toBe(200);
    // Refunded in full: taken by Cashfree (INITIATED), then processed by the bank, whose webhook settles it.
    await eventually(async () => (await paymentEvents(payments, oldPaymentId)).at(-1) === 'PaymentRefunded');
    // The emulator's bank may settle the refund before Cashfree's answer to it is recorded: then the settlement comes
    // first and there is nothing left to accept. Either way it was asked once and refunded once.
    const events = await paymentEvents(payments, oldPaymentId);
    expect(events.filter((type) => type === 'RefundAccepted').length).toBeLessThanOrEqual(1);
    expect(events.filter((type) => type !== 'RefundAccepted')).toEqual([
      'PaymentInitiated',
      'PaymentFailed',
      'PaymentSucceeded',
      'RefundRequested',
      'PaymentRefunded',
    ]);
    expect(gatewayRefunds(old.subscription_id)).toEqual([117_882]);
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
    // Approved in a race, and reported; Cashfree refuses the refund at first.
    const cashfree = cashfreeIn(payments);
    approvedInARace(cashfree, old.subscription_id);
    cashfree.failNext({
      status: 400,
      method: 'POST',
      path: /^\/subscriptions\/[^/]+\/refunds$/,
      body: { message: 'refund can not be initiated now', code: 'refund_not_allowed', type: 'invalid_request_error' },
    });
    expect((await post(payments, cashfree.webhooks.subscriptionAuth(old.subscription_id))).status).toBe(200);
    // Asked for, and left pending while the gateway refuses it.
    expect(await paymentEvents(payments, oldPaymentId)).toEqual([
      'PaymentInitiated',
      'PaymentFailed',
      'PaymentSucceeded',
      'RefundRequested',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const trigger = () =>
      payments.json('/internal/cron/trigger', {
        method: 'POST',
        body: { mode: 'normal' },
        headers: { 'x-service-token': TEST_SERVICE_TOKEN },
      });
    expect((await trigger()).status).toBe(200);
    await eventually(async () => (await paymentEvents(payments, oldPaymentId)).at(-1) === 'PaymentRefunded');
    await trigger();
    expect(gatewayRefunds(old.subscription_id)).toEqual([117_882]);
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
