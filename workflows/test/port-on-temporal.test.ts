import { randomUUID } from 'node:crypto';
import type { Database } from '@elts/platform';
import { eventually, silentLogger, TcpProxy } from '@elts/platform/testing';
import { startTestTemporal, temporalAvailability } from '@elts/scripts/testing';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignalOutbox, STEP } from '../src/index.js';
import { stepActivities } from '../src/temporal/activities.js';
import { connectTemporal, TemporalWorkflowPort, type WorkflowStarter } from '../src/temporal/client.js';
import { membershipWorkflowId, QUERY, WORKFLOW_TYPE } from '../src/temporal/contract.js';
import type { PendingStep } from '../src/temporal/step-table.js';
import { workflowsPath } from '../src/temporal/workflows-path.js';
import { CONTRACT_PLANS, describeWorkflowPortContract, StepRecorder, timersDatabase } from './port-contract.js';

/**
 * The workflow port on a real Temporal server this file starts (built from Go modules, in-memory SQLite; decision
 * 0031), with workers in this process whose activities record what they are asked: the port's contract, what only
 * Temporal has (the pending-steps query, the reconciliation workflow), and signals that wait in the outbox while
 * Temporal cannot be reached. Where the server cannot be built (no Go) the suites are skipped and say why; CI sets
 * TEMPORAL_REQUIRED=1, which turns that into a failed run.
 */
const temporal = await temporalAvailability();
if (!temporal.available) console.log(`[temporal] Temporal suites skipped: ${temporal.why}`);

const namespace = 'default';
let server: Awaited<ReturnType<typeof startTestTemporal>>;
let env: TestWorkflowEnvironment;

beforeAll(async () => {
  if (!temporal.available) return;
  // The workers' start and stop lines at INFO would bury the test report.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  server = await startTestTemporal(namespace);
  env = await TestWorkflowEnvironment.createFromExistingServer({ address: server.address, namespace });
}, 120_000);

afterAll(async () => {
  await env?.teardown();
  await server?.stop();
});

/** A worker on a task queue of its own, running the recorder's steps; its port reaches Temporal through `client`. */
async function workerFor(steps: StepRecorder, client: WorkflowStarter = env.client.workflow) {
  const taskQueue = `elts-test-${randomUUID()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace,
    taskQueue,
    workflowsPath: workflowsPath(),
    activities: stepActivities(steps.run),
  });
  const running = worker.run();
  const port = new TemporalWorkflowPort(client, {
    taskQueue,
    membershipPlan: CONTRACT_PLANS.membership,
    chargeChecks: CONTRACT_PLANS.chargeChecks,
  });
  return {
    port,
    taskQueue,
    async close() {
      worker.shutdown();
      await running;
    },
  };
}

describeWorkflowPortContract('Temporal', temporal.available, (steps) => workerFor(steps));

describe.skipIf(!temporal.available)('what only Temporal has', () => {
  const steps = new StepRecorder();
  let rig: Awaited<ReturnType<typeof workerFor>>;
  beforeAll(async () => {
    rig = await workerFor(steps);
    steps.port = rig.port;
  }, 60_000);
  afterAll(async () => {
    await rig?.close();
  });

  it('answers what a membership waits for (the UI and CLI ask), and ends the workflow when nothing is left', async () => {
    const subscriptionId = `MEM-${randomUUID()}`;
    const endDate = new Date(Date.now() + 60_000).toISOString();
    await rig.port.deliver({ kind: 'cycleStarted', subscriptionId, cycle: 1, endDate, autoRenewal: true });
    const handle = env.client.workflow.getHandle(membershipWorkflowId(subscriptionId));
    const pending = async () => ((await handle.query(QUERY.pendingSteps)) as PendingStep[]).map((step) => step.key).sort();
    expect(await pending()).toEqual([`${subscriptionId}:c1`, `${subscriptionId}:c1:a1`]);
    await rig.port.deliver({ kind: 'autoRenewalChanged', subscriptionId, cycle: 1, endDate, autoRenewal: false, nextAttempt: null });
    expect(await pending()).toEqual([`${subscriptionId}:c1`]);
    await rig.port.deliver({ kind: 'membershipEnded', subscriptionId });
    await handle.result();
  });

  it('runs a reconciliation in the mode it is given', async () => {
    await env.client.workflow.execute(WORKFLOW_TYPE.reconciliation, {
      taskQueue: rig.taskQueue,
      workflowId: `reconciliation-test-${randomUUID()}`,
      args: [{ mode: 'light' }],
    });
    expect(steps.calls.at(-1)).toMatchObject({ type: STEP.reconcile, payload: { mode: 'light' } });
  });
});

describe.skipIf(!temporal.available)('signals while Temporal cannot be reached', () => {
  const steps = new StepRecorder();
  let database: Database;
  let db: Kysely<any>;
  let proxy: TcpProxy;
  let temporalClient: ReturnType<typeof connectTemporal>;
  let rig: Awaited<ReturnType<typeof workerFor>>;
  let outbox: SignalOutbox;

  beforeAll(async () => {
    ({ db, database } = await timersDatabase());
    // The payments service's own client, reaching the server through a relay the test can cut.
    const [host, port] = server.address.split(':') as [string, string];
    proxy = await new TcpProxy(host, Number(port)).start();
    temporalClient = connectTemporal({
      TEMPORAL_ADDRESS: `127.0.0.1:${proxy.port}`,
      TEMPORAL_NAMESPACE: namespace,
      TEMPORAL_TASK_QUEUE: 'unused',
    });
    rig = await workerFor(steps, temporalClient.workflows);
    outbox = new SignalOutbox(db, rig.port, { logger: silentLogger(), pollMs: 100 });
    outbox.start();
  }, 60_000);
  afterAll(async () => {
    await outbox?.stop();
    await rig?.close();
    await temporalClient?.close();
    await proxy?.close();
    await database?.close();
  });

  it("delivers a payment's start once Temporal is back, and its timeout still happens", { timeout: 120_000 }, async () => {
    const paymentId = `PAY-${randomUUID()}`;
    await proxy.cut();
    const timeoutAt = new Date(Date.now() + 3_000).toISOString();
    // As a command does: the signal is written in the transaction that records the payment, which commits.
    await db.transaction().execute((trx) => outbox.send(trx, { kind: 'paymentStarted', paymentId, timeoutAt }));
    // The relay tried, Temporal did not answer, and the signal waits with the reason.
    await eventually(async () => ((await outbox.waiting())[0]?.lastError ?? null) !== null, 60_000);
    expect(await outbox.waiting()).toMatchObject([{ signal: { kind: 'paymentStarted', paymentId } }]);
    expect(steps.names(paymentId)).toEqual([]);
    await proxy.restore();
    await eventually(async () => (await outbox.waiting()).length === 0, 30_000);
    await eventually(() => steps.names(paymentId).length > 0, 30_000);
    expect(steps.names(paymentId)).toEqual([STEP.timeout]);
    expect(steps.of(paymentId)[0]!.at).toBeGreaterThanOrEqual(Date.parse(timeoutAt));
  });
});
