import { randomUUID } from 'node:crypto';
import { sql } from '@elts/platform';
import { eventually, type ServiceHarness, TcpProxy } from '@elts/platform/testing';
import { startTestTemporal, temporalAvailability } from '@elts/scripts/testing';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { current, paymentEvents, registerMember, startPayments, subscribe } from './helpers.js';
import { workerBeside } from './temporal-worker.js';

/**
 * Issue 19 item 3: the payments service reaches Temporal through a relay this test cuts. A membership started while
 * Temporal cannot be reached still starts (its signal waits in the outbox, written with the payment), and once
 * Temporal is back the signal goes through and the payment's timeout happens. A real server and a worker whose
 * activities call this service's step endpoint, as `npm run worker` does.
 */
const temporal = await temporalAvailability();
if (!temporal.available) console.log(`[temporal] the signals-while-Temporal-is-down suite is skipped: ${temporal.why}`);

describe.skipIf(!temporal.available)('workflow signals while Temporal cannot be reached', () => {
  let server: Awaited<ReturnType<typeof startTestTemporal>>;
  let proxy: TcpProxy;
  let payments: ServiceHarness;
  let worker: Awaited<ReturnType<typeof workerBeside>>;

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN') });
    server = await startTestTemporal('default');
    const [host, port] = server.address.split(':') as [string, string];
    proxy = await new TcpProxy(host, Number(port)).start();
    const taskQueue = `elts-signals-${randomUUID()}`;
    payments = await startPayments('pglite', {
      PAYMENT_AT_RISK_SECONDS: '2',
      PAYMENT_TIMEOUT_SECONDS: '4',
      TEMPORAL_ADDRESS: `127.0.0.1:${proxy.port}`,
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: taskQueue,
    });
    // The worker itself reaches the server directly: only the service's own calls are cut.
    worker = await workerBeside(payments, { address: server.address, taskQueue });
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await payments?.close();
    await proxy?.close();
    await server?.stop();
  });

  it('starts a membership while Temporal is away, and times its payment out once Temporal is back', { timeout: 150_000 }, async () => {
    const member = await registerMember(payments);
    await proxy.cut();
    const started = await subscribe(payments, member);
    const paymentId = (await current(payments, member)).subscription.latest_payment.payment_id as string;
    const waiting = async () =>
      (
        await sql<{ signal: { kind: string; paymentId: string }; last_error: string | null }>`
          select signal, last_error from workflow_signals order by id`.execute(payments.db)
      ).rows;
    // The start could not be delivered: it waits, with the reason, and nothing has timed the payment out.
    await eventually(async () => (await waiting()).some((row) => row.last_error !== null), 60_000);
    expect((await waiting())[0]?.signal).toMatchObject({ kind: 'paymentStarted', paymentId });
    expect(await paymentEvents(payments, paymentId)).toEqual(['PaymentInitiated']);

    await proxy.restore();
    await eventually(async () => (await waiting()).length === 0, 60_000);
    await eventually(async () => (await paymentEvents(payments, paymentId)).includes('PaymentFailed'), 60_000);
    expect(await paymentEvents(payments, paymentId)).toEqual(['PaymentInitiated', 'PaymentFailed']);
    const row = await sql<{ auto_failed: boolean }>`select auto_failed from payments where payment_id = ${paymentId}`.execute(payments.db);
    expect(row.rows[0]?.auto_failed).toBe(true);
    expect((await current(payments, member)).subscription.status).toBe('failed');
    expect(started.subscription_id).toBe((await current(payments, member)).subscription.subscription_id);
  });
});
