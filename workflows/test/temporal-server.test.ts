import { randomUUID } from 'node:crypto';
import { eventually } from '@elts/platform/testing';
import { startTestTemporal, temporalAvailability } from '@elts/scripts/testing';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEMBERSHIP_PLAN } from '../src/index.js';
import { TemporalWorkflowPort } from '../src/temporal/client.js';
import {
  membershipWorkflowId,
  paymentTimeoutWorkflowId,
  QUERY,
  type SettlementOutcome,
  type StepActivities,
  WORKFLOW_TYPE,
} from '../src/temporal/contract.js';
import type { PendingStep } from '../src/temporal/step-table.js';
import { workflowsPath } from '../src/temporal/workflows-path.js';

/**
 * The workflows run for real: on a Temporal server this file starts (built from Go modules, in-memory SQLite; decision
 * 0031), by a worker in this process, with activities that record what they are asked and answer as the payments
 * service would. Durations are seconds. Where the server cannot be built (no Go) the suite is skipped and says why;
 * CI sets TEMPORAL_REQUIRED=1, which turns that into a failed run.
 */
const temporal = temporalAvailability();
if (!temporal.available) console.log(`[temporal] Temporal suite skipped: ${temporal.why}`);

describe.skipIf(!temporal.available)('the Temporal workflows on a real Temporal server', () => {
  const namespace = 'default';
  let server: Awaited<ReturnType<typeof startTestTemporal>>;
  const taskQueue = `elts-test-${randomUUID()}`;
  const calls: { activity: string; payload: Record<string, unknown> }[] = [];
  const chargeOutcomes: SettlementOutcome[] = [];
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let running: Promise<void>;
  let port: TemporalWorkflowPort;

  const record =
    <T>(activity: keyof StepActivities, answer: (payload: any) => T | Promise<T>) =>
    async (payload: any): Promise<T> => {
      calls.push({ activity, payload });
      return answer(payload);
    };
  const callsFor = (key: string, value: string) => calls.filter((call) => call.payload[key] === value).map((call) => call.activity);

  beforeAll(async () => {
    // The worker's start and stop lines at INFO would bury the test report.
    Runtime.install({ logger: new DefaultLogger('WARN') });
    server = await startTestTemporal(namespace);
    env = await TestWorkflowEnvironment.createFromExistingServer({ address: server.address, namespace });
    port = new TemporalWorkflowPort(env.client.workflow, {
      taskQueue,
      membershipPlan: { ...DEFAULT_MEMBERSHIP_PLAN, renewalLeadSeconds: 29, noticeToChargeSeconds: 1 },
      chargeChecks: { firstCheckDelaySeconds: 1, recheckSeconds: 1, maxChecks: 3 },
      lastRenewalAttempt: async () => 0,
    });
    const activities: StepActivities = {
      markAtRisk: record('markAtRisk', () => undefined),
      timeOutPayment: record('timeOutPayment', () => undefined),
      // As payments does: record the notice, raise the charge for a moment later, and tell the workflow.
      beginRenewal: record('beginRenewal', async ({ subscriptionId, cycle, attempt }) => {
        await port.renewalChargeRaised({
          subscriptionId,
          cycle,
          attempt,
          paymentId: `${subscriptionId}-C${cycle}-A${attempt}`,
          chargeOn: new Date(),
        });
      }),
      checkRenewalCharge: record('checkRenewalCharge', () => chargeOutcomes.shift() ?? 'unchanged'),
      expireCycle: record('expireCycle', () => undefined),
      reconcile: record('reconcile', () => ({ checked: 4, settled: 1 })),
    };
    worker = await Worker.create({ connection: env.nativeConnection, namespace, taskQueue, workflowsPath: workflowsPath(), activities });
    running = worker.run();
  }, 120_000);

  afterAll(async () => {
    worker?.shutdown();
    await running;
    await env?.teardown();
    await server?.stop();
  });

  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

  it('marks an unsettled payment at risk, then times it out, in that order', async () => {
    const paymentId = `PAY-${randomUUID()}`;
    await port.paymentStarted({ paymentId, atRiskAt: inSeconds(1), timeoutAt: inSeconds(2) });
    await env.client.workflow.getHandle(paymentTimeoutWorkflowId(paymentId)).result();
    expect(callsFor('paymentId', paymentId)).toEqual(['markAtRisk', 'timeOutPayment']);
  });

  it('ends a payment timeout early when the payment settles', async () => {
    const paymentId = `PAY-${randomUUID()}`;
    await port.paymentStarted({ paymentId, atRiskAt: inSeconds(1), timeoutAt: inSeconds(60) });
    await eventually(() => callsFor('paymentId', paymentId).includes('markAtRisk'), 20_000);
    await port.paymentSettled(paymentId);
    await env.client.workflow.getHandle(paymentTimeoutWorkflowId(paymentId)).result();
    expect(callsFor('paymentId', paymentId)).toEqual(['markAtRisk']);
  });

  it('renews a membership: notice and charge first, then checks the charge until it settles; an end cancels the expiry', async () => {
    const subscriptionId = `MEM-${randomUUID()}`;
    chargeOutcomes.push('unchanged', 'succeeded');
    await port.membershipCycleStarted({ subscriptionId, cycle: 1, endDate: inSeconds(30), autoRenewal: true });
    await eventually(
      () =>
        calls.filter((call) => call.activity === 'checkRenewalCharge' && String(call.payload.paymentId).startsWith(subscriptionId))
          .length === 2,
      25_000,
    );
    await port.membershipEnded(subscriptionId);
    await env.client.workflow.getHandle(membershipWorkflowId(subscriptionId)).result();
    const mine = calls.filter((call) => JSON.stringify(call.payload).includes(subscriptionId));
    expect(mine).toEqual([
      { activity: 'beginRenewal', payload: { subscriptionId, cycle: 1, attempt: 1 } },
      { activity: 'checkRenewalCharge', payload: { paymentId: `${subscriptionId}-C1-A1`, check: 1 } },
      { activity: 'checkRenewalCharge', payload: { paymentId: `${subscriptionId}-C1-A1`, check: 2 } },
    ]);
  });

  it('expires a cycle without auto-renewal at its end, and the workflow finishes by itself', async () => {
    const subscriptionId = `MEM-${randomUUID()}`;
    await port.membershipCycleStarted({ subscriptionId, cycle: 1, endDate: inSeconds(1), autoRenewal: false });
    await env.client.workflow.getHandle(membershipWorkflowId(subscriptionId)).result();
    expect(callsFor('subscriptionId', subscriptionId)).toEqual(['expireCycle']);
  });

  it('drops the pending renewal when auto-renewal is switched off, and keeps the expiry', async () => {
    const subscriptionId = `MEM-${randomUUID()}`;
    const endDate = inSeconds(60);
    await port.membershipCycleStarted({ subscriptionId, cycle: 1, endDate, autoRenewal: true });
    const handle = env.client.workflow.getHandle(membershipWorkflowId(subscriptionId));
    const pending = async () => ((await handle.query(QUERY.pendingSteps)) as PendingStep[]).map((step) => step.key).sort();
    expect(await pending()).toEqual([`${subscriptionId}:c1`, `${subscriptionId}:c1:a1`]);
    await port.autoRenewalChanged({ subscriptionId, cycle: 1, endDate, autoRenewal: false });
    expect(await pending()).toEqual([`${subscriptionId}:c1`]);
    await port.membershipEnded(subscriptionId);
    await handle.result();
    expect(callsFor('subscriptionId', subscriptionId)).toEqual([]);
  });

  it('runs a reconciliation in the mode it is given', async () => {
    const result = await env.client.workflow.execute(WORKFLOW_TYPE.reconciliation, {
      taskQueue,
      workflowId: `reconciliation-test-${randomUUID()}`,
      args: [{ mode: 'light' }],
    });
    expect(result).toEqual({ checked: 4, settled: 1 });
    expect(calls.at(-1)).toEqual({ activity: 'reconcile', payload: { mode: 'light' } });
  });

  it('keeps one timeout per payment when the start is repeated', async () => {
    const paymentId = `PAY-${randomUUID()}`;
    const timeoutAt = inSeconds(1);
    await port.paymentStarted({ paymentId, atRiskAt: null, timeoutAt });
    await port.paymentStarted({ paymentId, atRiskAt: null, timeoutAt });
    await env.client.workflow.getHandle(paymentTimeoutWorkflowId(paymentId)).result();
    expect(callsFor('paymentId', paymentId)).toEqual(['timeOutPayment']);
  });
});
