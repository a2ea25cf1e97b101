import { randomUUID } from 'node:crypto';
import { eventually } from '@elts/platform/testing';
import { startTestTemporal, temporalAvailability } from '@elts/scripts/testing';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP, type StepRunner } from '../src/index.js';
import { stepActivities } from '../src/temporal/activities.js';
import { type PaymentTimeoutInput, paymentTimeoutWorkflowId, WORKFLOW_TYPE } from '../src/temporal/contract.js';
import { fastStepRetriesModule, workflowsPath } from '../src/temporal/workflows-path.js';

/**
 * A step's activity on a real Temporal server retries until it succeeds (docs/decisions/0034): no last attempt, so
 * an outage longer than the 8 attempts after which steps used to be dropped loses nothing. The worker shortens the
 * waits between attempts (the test interceptor); the rule that there is no last attempt is the workflows' own.
 */
const temporal = await temporalAvailability();
if (!temporal.available) console.log(`[temporal] step retries on Temporal skipped: ${temporal.why}`);

describe.skipIf(!temporal.available)('a failing step on Temporal', () => {
  const namespace = 'default';
  const taskQueue = `elts-retries-${randomUUID()}`;
  let server: Awaited<ReturnType<typeof startTestTemporal>>;
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let running: Promise<void>;
  /** Runs per payment, and how many of its first runs fail. */
  const runs = new Map<string, number>();
  const failFirst = new Map<string, number>();

  const run: StepRunner = async (type, payload) => {
    const id = `${type} ${String(payload.paymentId)}`;
    runs.set(id, (runs.get(id) ?? 0) + 1);
    if ((runs.get(id) ?? 0) <= (failFirst.get(id) ?? 0)) throw new Error('Cashfree answered 503');
    return undefined;
  };

  beforeAll(async () => {
    // Each failed attempt would be a warning line: only errors, to keep the report readable.
    Runtime.install({ logger: new DefaultLogger('ERROR') });
    server = await startTestTemporal(namespace);
    env = await TestWorkflowEnvironment.createFromExistingServer({ address: server.address, namespace });
    worker = await Worker.create({
      connection: env.nativeConnection,
      namespace,
      taskQueue,
      workflowsPath: workflowsPath(),
      interceptors: { workflowModules: [fastStepRetriesModule()] },
      activities: stepActivities(run),
    });
    running = worker.run();
  }, 120_000);

  afterAll(async () => {
    worker?.shutdown();
    await running;
    await env?.teardown();
    await server?.stop();
  });

  it('is still retried after more than 8 failures, shows its attempts while pending, and later succeeds', { timeout: 60_000 }, async () => {
    const paymentId = `PAY-${randomUUID()}`;
    const timeout = `${STEP.timeout} ${paymentId}`;
    failFirst.set(timeout, 11);
    const input: PaymentTimeoutInput = { paymentId, timeoutAt: new Date().toISOString() };
    const handle = await env.client.workflow.start(WORKFLOW_TYPE.paymentTimeout, {
      workflowId: paymentTimeoutWorkflowId(paymentId),
      taskQueue,
      args: [input],
    });
    // What Temporal's UI shows meanwhile: the step's activity pending, with its attempt count and last failure.
    await eventually(async () => {
      const pending = (await handle.describe()).raw.pendingActivities?.[0];
      return (pending?.attempt ?? 0) >= 9 && pending?.lastFailure?.message === 'Cashfree answered 503';
    }, 30_000);
    await handle.result();
    expect(runs.get(timeout)).toBe(12);
  });
});
