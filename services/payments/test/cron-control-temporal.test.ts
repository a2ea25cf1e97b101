import { randomUUID } from 'node:crypto';
import { eventually, type ServiceHarness } from '@elts/platform/testing';
import { startTestTemporal, temporalAvailability } from '@elts/scripts/testing';
import { ensureReconciliationSchedule, fastStepRetriesModule } from '@elts/workflows/temporal-client';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, cronStatus, failingStepOf, outageFor, paymentStatus, pendingPayment, statusOf } from './cron-helpers.js';
import { internalCall, startPayments } from './helpers.js';
import { workerBeside } from './temporal-worker.js';

/**
 * The Cron page's data and controls on Temporal (docs/decisions/0034), on a real server this file starts and a
 * worker in this process whose activities call this payments service's step endpoint, as `npm run worker` does.
 * Stop and restart pause and unpause the `payments-reconciliation` schedule; a trigger runs a check on the worker
 * and is counted; a step that keeps failing is retried by Temporal without end and listed from its 8th attempt.
 * The worker shortens the waits between attempts (50 ms to 200 ms) so that takes a few seconds.
 */
const temporal = await temporalAvailability();
if (!temporal.available) console.log(`[temporal] the Cron page on Temporal is skipped: ${temporal.why}`);

describe.skipIf(!temporal.available)('the Cron page on Temporal', () => {
  const taskQueue = `elts-cron-${randomUUID()}`;
  let server: Awaited<ReturnType<typeof startTestTemporal>>;
  let payments: ServiceHarness;
  let env: Record<string, string>;
  let worker: Awaited<ReturnType<typeof workerBeside>>;
  let clientConnection: Connection;
  let client: Client;
  const internal = (path: string, body?: unknown) => internalCall(payments, path, body);
  const schedulePaused = async () => (await client.schedule.getHandle('payments-reconciliation').describe()).state.paused;

  beforeAll(async () => {
    // Each failed attempt would be a warning line: only errors, to keep the report readable.
    Runtime.install({ logger: new DefaultLogger('ERROR') });
    server = await startTestTemporal('default');
    env = {
      TEMPORAL_ADDRESS: server.address,
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: taskQueue,
      PAYMENT_AT_RISK_SECONDS: '1',
      PAYMENT_TIMEOUT_SECONDS: '2',
    };
    payments = await startPayments('pglite', env);
    worker = await workerBeside(payments, { address: server.address, taskQueue, workflowModules: [fastStepRetriesModule()] });
    clientConnection = await Connection.connect({ address: server.address });
    client = new Client({ connection: clientConnection, namespace: 'default' });
    // As the worker does when it starts: the schedule, an hour apart so that no run comes by itself here.
    await ensureReconciliationSchedule(client, { taskQueue, everySeconds: 3600, mode: 'light' });
  }, 180_000);

  afterAll(async () => {
    await worker?.close();
    await clientConnection?.close();
    await payments?.close();
    await server?.stop();
  });

  it('shows the schedule running with its next run; stop pauses it for every instance, restart unpauses it', async () => {
    const { cron_service: fresh } = await cronStatus(payments);
    expect(fresh).toMatchObject({ driver: 'temporal', isRunning: true, jobs: ['payments.reconcile'] });
    // Temporal's intervals fall on whole multiples of the interval (the next full hour here).
    const untilNext = Date.parse(fresh.nextRunTime!) - Date.now();
    expect(untilNext).toBeGreaterThan(0);
    expect(untilNext).toBeLessThanOrEqual(3_600_000);

    const stopped = await internal('/internal/cron/control', { action: 'stop', actor: 'admin:ops' });
    expect(stopped.body).toMatchObject({ message: 'Cron service stopped successfully', data: { isRunning: false, nextRunTime: null } });
    expect(await schedulePaused()).toBe(true);
    // Another instance of payments (or this one restarted) reads the same schedule.
    const second = await anotherInstance(payments, env);
    try {
      expect((await statusOf(second)).cron_service.isRunning).toBe(false);
    } finally {
      await second.instance.stop?.();
    }

    const restarted = await internal('/internal/cron/control', { action: 'restart', actor: 'admin:ops' });
    expect(restarted.body).toMatchObject({ message: 'Cron service restarted successfully', data: { isRunning: true } });
    expect(await schedulePaused()).toBe(false);
  });

  it('runs a check on the worker when triggered, and counts it: Last Run and the counts', async () => {
    expect((await cronStatus(payments)).cron_service).toMatchObject({ successCount: 0, errorCount: 0, lastRunTime: null });
    const triggered = await internal('/internal/cron/trigger', { mode: 'light' });
    expect(triggered.body).toMatchObject({
      message: 'Manual cron check triggered successfully in light mode',
      data: { workflowId: expect.stringMatching(/^payments-reconciliation-manual-light-/) },
    });
    await client.workflow.getHandle(triggered.body.data.workflowId).result();
    await eventually(async () => (await cronStatus(payments)).cron_service.successCount === 1, 10_000);
    const { cron_service: after } = await cronStatus(payments);
    expect(after.errorCount).toBe(0);
    expect(Date.now() - Date.parse(after.lastRunTime!)).toBeLessThan(30_000);
  });

  it('lists a step Temporal keeps retrying past 8 attempts, which succeeds once the outage ends', { timeout: 90_000 }, async () => {
    const paymentId = await pendingPayment(payments);
    const outage = await outageFor(payments, paymentId);
    await eventually(async () => ((await failingStepOf(payments, paymentId))?.attempts ?? 0) >= 9, 60_000);
    const listed = await failingStepOf(payments, paymentId);
    expect(listed).toMatchObject({
      type: 'payment.timeout',
      key: expect.stringMatching(new RegExp(`^payment-timeout-${paymentId}/`)),
      lastError: 'payments database unavailable',
      nextAttemptAt: expect.any(String),
    });
    // Retry now: Temporal runs the activity again at once (from attempt 1); the step stays listed while it fails.
    const retried = await internal('/internal/cron/steps/retry', { type: 'payment.timeout', key: listed!.key, actor: 'admin:ops' });
    expect(retried.status).toBe(200);
    expect(await failingStepOf(payments, paymentId)).toBeDefined();

    await outage.end();
    await eventually(async () => (await paymentStatus(payments, paymentId)) === 'failed', 30_000);
    await eventually(async () => (await failingStepOf(payments, paymentId)) === undefined, 10_000);
  });

  it('gives a failing step up: its workflow ends without running it', { timeout: 90_000 }, async () => {
    const paymentId = await pendingPayment(payments);
    await outageFor(payments, paymentId);
    await eventually(async () => (await failingStepOf(payments, paymentId)) !== undefined, 60_000);
    const step = await failingStepOf(payments, paymentId);
    const given = await internal('/internal/cron/steps/give-up', { type: 'payment.timeout', key: step!.key, actor: 'admin:ops' });
    expect(given.status).toBe(200);
    await client.workflow.getHandle(`payment-timeout-${paymentId}`).result();
    expect(await failingStepOf(payments, paymentId)).toBeUndefined();
    expect(await paymentStatus(payments, paymentId)).toBe('pending');
    const unknown = await internal('/internal/cron/steps/retry', { type: 'payment.timeout', key: step!.key, actor: 'admin:ops' });
    expect(unknown.status).toBe(404);
  });
});
