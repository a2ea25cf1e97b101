import { type BootedService, sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, cronStatus, failingStepOf, outageFor, paymentStatus, pendingPayment, statusOf } from './cron-helpers.js';
import { internalCall, startPayments } from './helpers.js';

/**
 * The Cron page's data and controls on the embedded driver (docs/decisions/0034): a step that keeps failing is
 * listed and still retried, an operator runs it at once or gives it up; a trigger counts as a run; a stop is stored,
 * so it holds for every instance and across a restart.
 */
describe.each(DATABASE_KINDS)('failing steps and a manual check on the embedded driver on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;
  const internal = (path: string, body?: unknown) => internalCall(payments, path, body);

  beforeAll(async () => {
    // A payment times out 2 s after it starts; its step is listed as failing from the second failed attempt.
    if (available)
      payments = await startPayments(kind, {
        PAYMENT_AT_RISK_SECONDS: '1',
        PAYMENT_TIMEOUT_SECONDS: '2',
        STEP_FAILING_AFTER_ATTEMPTS: '2',
      });
  });
  afterAll(async () => payments?.close());

  it.runIf(available)('counts a manual check as a run: Last Run and the counts move from Never and nothing', async () => {
    expect(await cronStatus(payments)).toMatchObject({
      cron_service: {
        driver: 'embedded',
        isRunning: true,
        successCount: 0,
        errorCount: 0,
        lastRunTime: null,
        nextRunTime: expect.any(String),
        jobs: ['payments.reconcile'],
      },
      failing_steps: [],
    });
    const triggered = await internal('/internal/cron/trigger', { mode: 'light' });
    expect(triggered.body).toMatchObject({ is_success: true, data: { checked: expect.any(Number) } });
    const { cron_service: after } = await cronStatus(payments);
    expect(after).toMatchObject({ successCount: 1, errorCount: 0 });
    expect(Date.now() - Date.parse(after.lastRunTime!)).toBeLessThan(10_000);
  });

  it.runIf(available)('lists a step that keeps failing, keeps retrying it, runs it at once when asked, and it succeeds', async () => {
    const paymentId = await pendingPayment(payments);
    const outage = await outageFor(payments, paymentId);
    await eventually(async () => ((await failingStepOf(payments, paymentId))?.attempts ?? 0) >= 2, 20_000);
    const listed = await failingStepOf(payments, paymentId);
    expect(listed).toMatchObject({ type: 'payment.timeout', key: paymentId, lastError: 'payments database unavailable' });
    expect(listed!.nextAttemptAt).toEqual(expect.any(String));

    // Asked to retry during the outage: it runs at once, fails again, and stays listed with one more attempt.
    const retried = await internal('/internal/cron/steps/retry', { type: 'payment.timeout', key: paymentId, actor: 'admin:ops' });
    expect(retried.body.data).toMatchObject({ key: paymentId, attempts: listed!.attempts });
    await eventually(async () => ((await failingStepOf(payments, paymentId))?.attempts ?? 0) > listed!.attempts, 10_000);

    await outage.end();
    expect((await internal('/internal/cron/steps/retry', { type: 'payment.timeout', key: paymentId, actor: 'admin:ops' })).status).toBe(
      200,
    );
    await eventually(async () => (await paymentStatus(payments, paymentId)) === 'failed', 10_000);
    // Off the list once its successful attempt is recorded (a moment after the payment's failure is).
    await eventually(async () => (await failingStepOf(payments, paymentId)) === undefined, 10_000);
  });

  const timeoutStep = async (paymentId: string) =>
    (
      await sql<{ status: string }>`select status from scheduled_jobs where type = 'payment.timeout' and key = ${paymentId}`.execute(
        payments.db,
      )
    ).rows[0]?.status;

  it.runIf(available)('gives a failing step up when an operator decides: it is not run again', async () => {
    const paymentId = await pendingPayment(payments);
    const outage = await outageFor(payments, paymentId);
    // Listed, and between two attempts (an attempt under way would still finish, and might land after the outage).
    await eventually(
      async () => (await failingStepOf(payments, paymentId)) !== undefined && (await timeoutStep(paymentId)) === 'pending',
      20_000,
    );
    const given = await internal('/internal/cron/steps/give-up', { type: 'payment.timeout', key: paymentId, actor: 'admin:ops' });
    expect(given.status).toBe(200);
    expect(given.body.data).toMatchObject({ type: 'payment.timeout', subject: paymentId });
    expect(await failingStepOf(payments, paymentId)).toBeUndefined();
    const row = await sql<{ status: string; last_error: string }>`
      select status, last_error from scheduled_jobs where type = 'payment.timeout' and key = ${paymentId}`.execute(payments.db);
    expect(row.rows[0]).toEqual({ status: 'abandoned', last_error: 'Given up by admin:ops; last error: payments database unavailable' });

    // Even with the outage over, nothing runs it: the payment stays as it was.
    await outage.end();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await paymentStatus(payments, paymentId)).toBe('pending');
    const again = await internal('/internal/cron/steps/give-up', { type: 'payment.timeout', key: paymentId, actor: 'admin:ops' });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('That step is not waiting to run: it has succeeded, been given up, or does not exist.');
  });

  it.runIf(available)('refuses a step action without a step, with a sentence', async () => {
    const refused = await internal('/internal/cron/steps/retry', { type: 'payment.timeout' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual(expect.any(String));
  });
});

describe.each(DATABASE_KINDS)('a stop on the embedded driver on %s', (kind) => {
  const available = databaseAvailable(kind);
  // The reconciliation runs every second, so a stop that did not hold would show within a few seconds.
  const env = { RECONCILE_EVERY_SECONDS: '1' };
  let payments: ServiceHarness;
  const others: BootedService[] = [];

  beforeAll(async () => {
    if (available) payments = await startPayments(kind, env);
  });
  afterAll(async () => {
    for (const other of others) await other.instance.stop?.();
    await payments?.close();
  });

  const runs = async () => (await cronStatus(payments)).cron_service.successCount;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it.runIf(available)('holds for every instance and across a restart, until someone restarts it', { timeout: 60_000 }, async () => {
    await eventually(async () => (await runs()) >= 1, 15_000);
    const stopped = await internalCall(payments, '/internal/cron/control', { action: 'stop', actor: 'admin:ops' });
    expect(stopped.body).toMatchObject({ message: 'Cron service stopped successfully', data: { isRunning: false, nextRunTime: null } });
    // A run already under way may still finish.
    await sleep(1_500);
    const before = await runs();

    // A second instance, started after the stop, does not run it either, and says it is stopped.
    const second = await anotherInstance(payments, env);
    others.push(second);
    expect((await statusOf(second)).cron_service.isRunning).toBe(false);
    await sleep(3_000);
    expect(await runs()).toBe(before);

    // The first instance restarts: still stopped.
    await payments.booted.instance.stop?.();
    const restarted = await anotherInstance(payments, env);
    others.push(restarted);
    await sleep(3_000);
    expect(await runs()).toBe(before);
    expect((await statusOf(restarted)).cron_service.isRunning).toBe(false);
    const stored = await sql<{ paused: boolean; changed_by: string }>`
      select paused, changed_by from recurring_jobs where type = 'payments.reconcile'`.execute(payments.db);
    expect(stored.rows[0]).toEqual({ paused: true, changed_by: 'admin:ops' });

    const response = await restarted.instance.app.request('/internal/cron/control', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-token': TEST_SERVICE_TOKEN },
      body: JSON.stringify({ action: 'restart', actor: 'admin:ops' }),
    });
    expect(response.status).toBe(200);
    await eventually(async () => (await runs()) >= before + 2, 15_000);
    expect((await statusOf(second)).cron_service.isRunning).toBe(true);
  });
});
