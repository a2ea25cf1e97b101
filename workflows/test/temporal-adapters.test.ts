import { addressOf } from '@elts/contracts';
import { ScheduleAlreadyRunning, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { MockActivityEnvironment } from '@temporalio/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEMBERSHIP_PLAN } from '../src/index.js';
import { HEARTBEAT_EVERY_MS, type StepCaller, stepActivities, stepsOverHttp } from '../src/temporal/activities.js';
import { TemporalWorkflowPort, type WorkflowStarter } from '../src/temporal/client.js';
import { ensureReconciliationSchedule } from '../src/temporal/schedules.js';
import { workerSettings } from '../src/temporal/worker.js';

/** The payments service as the activities see it: records each call and answers like the step endpoint. */
function fakePayments(answers: Record<string, unknown> = {}) {
  const calls: { path: string; body: unknown }[] = [];
  const caller = {
    async operation(op: { path: string }, request: { params?: unknown; body?: unknown }) {
      const path = addressOf(op, request);
      calls.push({ path, body: request.body });
      if (answers[path] instanceof Error) throw answers[path];
      return { outcome: answers[path] ?? null };
    },
  } as unknown as StepCaller;
  return { calls, caller };
}

describe('the activities (against a fake payments service)', () => {
  it('run each step through the payments step endpoint, inside an activity context', async () => {
    const payments = fakePayments({ '/internal/workflow-steps/membership.charge-check': 'unchanged' });
    const activities = stepActivities(stepsOverHttp(payments.caller));
    const env = new MockActivityEnvironment();
    await env.run(activities.timeOutPayment, { paymentId: 'PAY-1' });
    await env.run(activities.beginRenewal, { subscriptionId: 'MEM-1', cycle: 1, attempt: 2 });
    expect(await env.run(activities.checkRenewalCharge, { paymentId: 'MEM-1-C1-A2', check: 3 })).toBe('unchanged');
    await env.run(activities.expireCycle, { subscriptionId: 'MEM-1', cycle: 1 });
    await env.run(activities.reconcile, { mode: 'light' as const });
    expect(payments.calls).toEqual([
      { path: '/internal/workflow-steps/payment.timeout', body: { paymentId: 'PAY-1' } },
      { path: '/internal/workflow-steps/membership.renewal', body: { subscriptionId: 'MEM-1', cycle: 1, attempt: 2 } },
      { path: '/internal/workflow-steps/membership.charge-check', body: { paymentId: 'MEM-1-C1-A2', check: 3 } },
      { path: '/internal/workflow-steps/membership.expiry', body: { subscriptionId: 'MEM-1', cycle: 1 } },
      { path: '/internal/workflow-steps/payments.reconcile', body: { mode: 'light' } },
    ]);
  });

  it('fail when the service fails, so Temporal retries them', async () => {
    const payments = fakePayments({ '/internal/workflow-steps/payment.timeout': new Error('payments answered 503') });
    const activities = stepActivities(stepsOverHttp(payments.caller));
    await expect(new MockActivityEnvironment().run(activities.timeOutPayment, { paymentId: 'PAY-1' })).rejects.toThrow('503');
  });

  it('heartbeat while their step waits for the service, so a step whose worker died is retried soon', async () => {
    let answer: (() => void) | undefined;
    const activities = stepActivities(() => new Promise((resolve) => (answer = () => resolve(undefined))));
    const env = new MockActivityEnvironment();
    const beats: number[] = [];
    env.on('heartbeat', () => beats.push(Date.now()));
    const running = env.run(activities.expireCycle, { subscriptionId: 'MEM-1', cycle: 1 });
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_EVERY_MS * 2 + 500));
    const whileWaiting = beats.length;
    answer?.();
    await running;
    // One at once, then one every HEARTBEAT_EVERY_MS; none once the step has answered.
    expect(whileWaiting).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_EVERY_MS + 100));
    expect(beats).toHaveLength(whileWaiting);
  });
});

/** Temporal's workflow client as the port uses it: records starts and signals. */
function fakeTemporal(options: { started?: Set<string>; running?: Set<string> } = {}) {
  const calls: unknown[][] = [];
  const starter = {
    async start(type: string, start: { workflowId: string; args: unknown[]; workflowIdReusePolicy?: string }) {
      calls.push(['start', type, start.workflowId, start.workflowIdReusePolicy, ...start.args]);
      if (options.started?.has(start.workflowId)) throw new WorkflowExecutionAlreadyStartedError('started', start.workflowId, type);
    },
    async signalWithStart(type: string, start: { workflowId: string; args: unknown[]; signal: string; signalArgs: unknown[] }) {
      calls.push(['signalWithStart', type, start.workflowId, start.signal, ...start.signalArgs]);
    },
    getHandle(workflowId: string) {
      return {
        async signal(signal: string, ...args: unknown[]) {
          calls.push(['signal', workflowId, signal, ...args]);
          if (options.running && !options.running.has(workflowId)) throw new WorkflowNotFoundError('gone', workflowId, undefined);
        },
      };
    },
  } as unknown as WorkflowStarter;
  return { calls, starter };
}

describe('the Temporal workflow port (the payments service side)', () => {
  const chargeChecks = { firstCheckDelaySeconds: 600, recheckSeconds: 3600, maxChecks: 72 };
  const port = (temporal: ReturnType<typeof fakeTemporal>) =>
    new TemporalWorkflowPort(temporal.starter, { taskQueue: 'q', membershipPlan: DEFAULT_MEMBERSHIP_PLAN, chargeChecks });

  it('starts one timeout workflow per payment, ever, and tolerates a second start of the same payment', async () => {
    const temporal = fakeTemporal({ started: new Set(['payment-timeout-PAY-2']) });
    await port(temporal).deliver({ kind: 'paymentStarted', paymentId: 'PAY-1', timeoutAt: '2026-11-22T10:15:00.000Z' });
    await port(temporal).deliver({ kind: 'paymentStarted', paymentId: 'PAY-2', timeoutAt: null });
    expect(temporal.calls).toEqual([
      [
        'start',
        'paymentTimeout',
        'payment-timeout-PAY-1',
        'REJECT_DUPLICATE',
        { paymentId: 'PAY-1', timeoutAt: '2026-11-22T10:15:00.000Z' },
      ],
      ['start', 'paymentTimeout', 'payment-timeout-PAY-2', 'REJECT_DUPLICATE', { paymentId: 'PAY-2', timeoutAt: null }],
    ]);
  });

  it('signals a settlement, an end and auto-renewal off, and ignores them for a workflow that already finished', async () => {
    const temporal = fakeTemporal({ running: new Set(['payment-timeout-PAY-1']) });
    await port(temporal).deliver({ kind: 'paymentSettled', paymentId: 'PAY-1' });
    await port(temporal).deliver({ kind: 'paymentSettled', paymentId: 'PAY-9' });
    await port(temporal).deliver({ kind: 'membershipEnded', subscriptionId: 'MEM-1' });
    const off = { cycle: 1, endDate: '2027-11-22T10:00:00.000Z', autoRenewal: false, nextAttempt: null };
    await port(temporal).deliver({ kind: 'autoRenewalChanged', subscriptionId: 'MEM-1', ...off });
    expect(temporal.calls).toEqual([
      ['signal', 'payment-timeout-PAY-1', 'paymentSettled'],
      ['signal', 'payment-timeout-PAY-9', 'paymentSettled'],
      ['signal', 'membership-MEM-1', 'membershipEnded'],
      ['signal', 'membership-MEM-1', 'autoRenewalChanged', off],
    ]);
  });

  it('sends a subscription its signals by signal-with-start', async () => {
    const temporal = fakeTemporal();
    const endDate = '2027-11-22T10:00:00.000Z';
    await port(temporal).deliver({ kind: 'cycleStarted', subscriptionId: 'MEM-1', cycle: 1, endDate, autoRenewal: true });
    await port(temporal).deliver({ kind: 'renewalChargeRaised', subscriptionId: 'MEM-1', paymentId: 'MEM-1-C1-A1', chargeOn: endDate });
    await port(temporal).deliver({ kind: 'renewalRetryDue', subscriptionId: 'MEM-1', cycle: 1, attempt: 2, at: endDate });
    await port(temporal).deliver({
      kind: 'autoRenewalChanged',
      subscriptionId: 'MEM-1',
      cycle: 1,
      endDate,
      autoRenewal: true,
      nextAttempt: 2,
    });
    expect(temporal.calls).toEqual([
      ['signalWithStart', 'membership', 'membership-MEM-1', 'cycleStarted', { cycle: 1, endDate, autoRenewal: true }],
      ['signalWithStart', 'membership', 'membership-MEM-1', 'renewalChargeRaised', { paymentId: 'MEM-1-C1-A1', chargeOn: endDate }],
      ['signalWithStart', 'membership', 'membership-MEM-1', 'renewalRetryDue', { cycle: 1, attempt: 2, at: endDate }],
      ['signalWithStart', 'membership', 'membership-MEM-1', 'autoRenewalChanged', { cycle: 1, endDate, autoRenewal: true, nextAttempt: 2 }],
    ]);
  });
});

describe('the reconciliation schedule and the worker settings', () => {
  function fakeSchedules(existing: boolean) {
    const calls: unknown[] = [];
    const client = {
      schedule: {
        async create(definition: unknown) {
          calls.push(['create', definition]);
          if (existing) throw new ScheduleAlreadyRunning('exists', 'payments-reconciliation');
        },
        getHandle: (id: string) => ({
          async update(change: (previous: unknown) => unknown) {
            calls.push(['update', id, change({ spec: {}, action: {}, policies: { pauseOnFailure: false }, state: { paused: true } })]);
          },
        }),
      },
    };
    return { calls, client: client as never };
  }

  it('creates the schedule once: every 5 minutes, normal mode, skipping a run while one is still going', async () => {
    const schedules = fakeSchedules(false);
    expect(await ensureReconciliationSchedule(schedules.client, { taskQueue: 'q', everySeconds: 300, mode: 'normal' })).toBe('created');
    expect(schedules.calls).toEqual([
      [
        'create',
        expect.objectContaining({
          scheduleId: 'payments-reconciliation',
          spec: { intervals: [{ every: '300s' }] },
          action: expect.objectContaining({ workflowType: 'reconciliation', taskQueue: 'q', args: [{ mode: 'normal' }] }),
          policies: expect.objectContaining({ overlap: 'SKIP' }),
        }),
      ],
    ]);
  });

  it('brings an existing schedule in line (light mode here), keeping an operator pause', async () => {
    const schedules = fakeSchedules(true);
    expect(await ensureReconciliationSchedule(schedules.client, { taskQueue: 'q', everySeconds: 120, mode: 'light' })).toBe('updated');
    expect(schedules.calls[1]).toEqual([
      'update',
      'payments-reconciliation',
      expect.objectContaining({
        spec: { intervals: [{ every: '120s' }] },
        action: expect.objectContaining({ args: [{ mode: 'light' }] }),
        state: { paused: true },
      }),
    ]);
  });

  it('reads TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_TASK_QUEUE and where payments is', () => {
    const token = 'x'.repeat(40);
    expect(
      workerSettings.parse({ TEMPORAL_ADDRESS: 'temporal:7233', PAYMENTS_URLS: 'http://a:4104, http://b:4104', SERVICE_TOKEN: token }),
    ).toMatchObject({
      TEMPORAL_ADDRESS: 'temporal:7233',
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: 'elts-payments',
      PAYMENTS_URLS: ['http://a:4104', 'http://b:4104'],
      RECONCILE_EVERY_SECONDS: 300,
      RECONCILE_MODE: 'normal',
    });
    expect(workerSettings.safeParse({ PAYMENTS_URLS: 'http://a:4104', SERVICE_TOKEN: token }).success).toBe(false);
    expect(
      workerSettings.safeParse({ TEMPORAL_ADDRESS: 'http://temporal', PAYMENTS_URLS: 'http://a:4104', SERVICE_TOKEN: token }).success,
    ).toBe(false);
  });
});
