import { InternalClient, sql } from '@elts/platform';
import { type ServiceHarness, silentLogger, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { stepActivities, stepsOverHttp } from '@elts/workflows/temporal-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowDriver } from '../src/durable-steps/driver.js';
import { paymentsSettings } from '../src/settings.js';
import { current, paymentEvents, registerMember, startPayments, subscribe } from './helpers.js';

describe('the workflow driver, chosen by configuration', () => {
  it('is the embedded timers table by default, and Temporal when TEMPORAL_ADDRESS is set', async () => {
    const db = {} as never;
    const embedded = await workflowDriver(paymentsSettings.parse({}), db, silentLogger());
    expect(embedded.kind).toBe('embedded');
    // The client connects on first use, so no server is needed to choose it.
    const temporal = await workflowDriver(paymentsSettings.parse({ TEMPORAL_ADDRESS: '127.0.0.1:7233' }), db, silentLogger());
    expect(temporal.kind).toBe('temporal');
    await temporal.stop();
    expect(() => paymentsSettings.parse({ TEMPORAL_ADDRESS: 'http://temporal' })).toThrow();
  });
});

/**
 * The Temporal worker's activities against the real payments service: each step goes through the internal step
 * endpoint, with the service token, and does what the embedded driver's step does in-process.
 */
describe('workflow steps over the internal API (the Temporal activities)', () => {
  let payments: ServiceHarness;
  let activities: ReturnType<typeof stepActivities>;

  beforeAll(async () => {
    // Default durations: the embedded driver's own timeout is 15 minutes away, so only the activities act here.
    payments = await startPayments('pglite');
    const client = new InternalClient({
      target: 'payments',
      fetch: (request) => payments.booted.instance.app.fetch(request),
      token: TEST_SERVICE_TOKEN,
    });
    activities = stepActivities(stepsOverHttp(client));
  });
  afterAll(async () => {
    await payments?.close();
  });

  it('times a payment out with auto_failed, once however often the activity runs', async () => {
    const member = await registerMember(payments);
    await subscribe(payments, member);
    const paymentId = (await current(payments, member)).subscription.latest_payment.payment_id;
    await activities.timeOutPayment({ paymentId });
    await activities.timeOutPayment({ paymentId });
    expect(await paymentEvents(payments, paymentId)).toEqual(['PaymentInitiated', 'PaymentFailed']);
    const row = await sql<{ status: string; auto_failed: boolean; failure_reason: string }>`
      select status, auto_failed, failure_reason from payments where payment_id = ${paymentId}`.execute(payments.db);
    expect(row.rows[0]).toMatchObject({ status: 'failed', auto_failed: true });
    expect(row.rows[0]?.failure_reason).toContain('timed out');
    expect((await current(payments, member)).subscription.status).toBe('failed');
  });

  it('answers a charge check with its outcome and a reconciliation with its counts', async () => {
    expect(await activities.checkRenewalCharge({ paymentId: 'MEM-NONE-C1-A1', check: 1 })).toBe('unchanged');
    const result = await activities.reconcile({ mode: 'light' });
    expect(result).toEqual({ checked: expect.any(Number), settled: expect.any(Number) });
  });

  it('refuses callers without the service token, unknown steps and bad payloads', async () => {
    const post = (path: string, body: unknown, headers: Record<string, string> = { 'x-service-token': TEST_SERVICE_TOKEN }) =>
      payments.request(path, { method: 'POST', body, headers });
    expect((await post('/internal/workflow-steps/payment.timeout', { paymentId: 'PAY-X' }, {})).status).toBe(401);
    expect((await post('/internal/workflow-steps/payment.explode', { paymentId: 'PAY-X' })).status).toBe(400);
    expect((await post('/internal/workflow-steps/membership.renewal', { subscriptionId: 'MEM-X' })).status).toBe(400);
  });
});

describe('the reason a timed-out payment records', () => {
  let payments: ServiceHarness;
  let activities: ReturnType<typeof stepActivities>;

  beforeAll(async () => {
    // A one-minute timeout, as a demonstration sets it: the activity below acts before the embedded timer would.
    payments = await startPayments('pglite', { PAYMENT_AT_RISK_SECONDS: '30', PAYMENT_TIMEOUT_SECONDS: '60' });
    const client = new InternalClient({
      target: 'payments',
      fetch: (request) => payments.booted.instance.app.fetch(request),
      token: TEST_SERVICE_TOKEN,
    });
    activities = stepActivities(stepsOverHttp(client));
  });
  afterAll(async () => {
    await payments?.close();
  });

  it('says "after 1 minute", not "1 minutes"', async () => {
    const member = await registerMember(payments);
    await subscribe(payments, member);
    const paymentId = (await current(payments, member)).subscription.latest_payment.payment_id;
    await activities.timeOutPayment({ paymentId });
    const row = await sql<{ failure_reason: string }>`
      select failure_reason from payments where payment_id = ${paymentId}`.execute(payments.db);
    expect(row.rows[0]?.failure_reason).toBe('Payment timed out after 1 minute');
  });
});
