import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MEMBERSHIP_PLAN, type SettlementOutcome } from '../src/index.js';
import type { MembershipInput, StepActivities } from '../src/temporal/contract.js';

/**
 * The workflow functions' own logic, without a server: `@temporalio/workflow` is replaced by a small stand-in
 * (handlers, conditions with timeouts on fake timers, recorded activities), so every timer, signal and follow-up
 * path runs here. The real sandbox and server are covered by the bundle test and the Temporal suite.
 */
const sandbox = vi.hoisted(() => {
  const state = {
    handlers: new Map<string, (...args: unknown[]) => unknown>(),
    /** Signals that came with the start (signal-with-start), handed over when their handler is set, as the SDK does. */
    buffered: [] as { name: string; args: unknown[] }[],
    waiters: new Set<() => void>(),
    activities: {} as Record<string, (payload: unknown) => Promise<unknown>>,
  };
  const recheck = () => {
    for (const waiter of [...state.waiters]) waiter();
  };
  return {
    state,
    signal(name: string, ...args: unknown[]) {
      const handler = state.handlers.get(name);
      if (!handler) throw new Error(`no handler for ${name}`);
      handler(...args);
      recheck();
    },
    /** Signal-with-start: the signal is in the workflow's first activation, before its function runs. */
    withStart(name: string, ...args: unknown[]) {
      state.buffered.push({ name, args });
    },
    query(name: string) {
      return state.handlers.get(name)?.();
    },
    module: {
      defineSignal: (name: string) => name,
      defineQuery: (name: string) => name,
      setHandler: (name: string, handler: (...args: unknown[]) => unknown) => {
        state.handlers.set(name, handler);
        for (const signal of state.buffered.filter((buffered) => buffered.name === name)) handler(...signal.args);
        state.buffered = state.buffered.filter((buffered) => buffered.name !== name);
      },
      log: { warn: () => {}, info: () => {} },
      isCancellation: (error: unknown) => error instanceof Error && error.name === 'CancelledFailure',
      workflowInfo: () => ({ continueAsNewSuggested: false }),
      continueAsNew: async () => {
        throw new Error('continueAsNew');
      },
      proxyActivities: () =>
        new Proxy(
          {},
          {
            get: (_target, name: string) => async (payload: unknown) => {
              const result = await state.activities[name]?.(payload);
              recheck();
              return result;
            },
          },
        ),
      condition: (test: () => boolean, timeoutMs: number) =>
        new Promise<boolean>((resolve) => {
          const done = (met: boolean) => {
            state.waiters.delete(waiter);
            clearTimeout(timer);
            resolve(met);
          };
          const waiter = () => {
            if (test()) done(true);
          };
          const timer = setTimeout(() => done(false), timeoutMs);
          state.waiters.add(waiter);
        }),
    },
  };
});

vi.mock('@temporalio/workflow', () => sandbox.module);

const { membership, paymentTimeout, reconciliation } = await import('../src/temporal/workflows.js');

const calls: string[] = [];
const chargeOutcomes: SettlementOutcome[] = [];
const activities: Record<keyof StepActivities, (payload: any) => Promise<unknown>> = {
  timeOutPayment: async ({ paymentId }) => calls.push(`timeout ${paymentId} @${clock()}`),
  beginRenewal: async ({ cycle, attempt }) => calls.push(`renewal c${cycle} a${attempt} @${clock()}`),
  checkRenewalCharge: async ({ paymentId, check }) => {
    calls.push(`check ${paymentId} k${check} @${clock()}`);
    return chargeOutcomes.shift() ?? 'unchanged';
  },
  expireCycle: async ({ cycle }) => calls.push(`expiry c${cycle} @${clock()}`),
  reconcile: async ({ mode }) => {
    calls.push(`reconcile ${mode}`);
    return { checked: 2, settled: 1 };
  },
};

const start = new Date('2026-11-22T10:00:00Z').getTime();
/** Seconds since the test began, on the fake clock. */
const clock = () => Math.round((Date.now() - start) / 1000);
const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
const seconds = (n: number) => vi.advanceTimersByTimeAsync(n * 1000);

beforeEach(() => {
  vi.useFakeTimers({ now: start });
  calls.length = 0;
  chargeOutcomes.length = 0;
  sandbox.state.handlers.clear();
  sandbox.state.waiters.clear();
  sandbox.state.buffered = [];
  sandbox.state.activities = activities;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('paymentTimeout', () => {
  it('times the payment out at its deadline, then ends', async () => {
    let ended = false;
    const run = paymentTimeout({ paymentId: 'P1', timeoutAt: at(900) }).then(() => {
      ended = true;
    });
    await seconds(899);
    expect(calls).toEqual([]);
    expect(ended).toBe(false);
    await seconds(1);
    await run;
    expect(calls).toEqual(['timeout P1 @900']);
    expect(ended).toBe(true);
  });

  it('ends early when the payment settles: no timeout follows', async () => {
    const run = paymentTimeout({ paymentId: 'P2', timeoutAt: at(900) });
    await seconds(800);
    expect(sandbox.query('pendingSteps')).toHaveLength(1);
    sandbox.signal('paymentSettled');
    await run;
    await seconds(200);
    expect(calls).toEqual([]);
  });

  it('resumes from the steps it carried across continue-as-new', async () => {
    const run = paymentTimeout({
      paymentId: 'P3',
      timeoutAt: at(900),
      pending: [{ type: 'payment.timeout', key: 'P3', dueAt: at(900), payload: { paymentId: 'P3' } }],
    });
    await seconds(900);
    await run;
    expect(calls).toEqual(['timeout P3 @900']);
  });
});

describe('membership', () => {
  const input: MembershipInput = {
    subscriptionId: 'MEM-1',
    plan: { ...DEFAULT_MEMBERSHIP_PLAN, renewalLeadSeconds: 600, noticeToChargeSeconds: 100, retryIntervalSeconds: 50 },
    chargeChecks: { firstCheckDelaySeconds: 10, recheckSeconds: 60, maxChecks: 3 },
  };

  it('renews ahead of the end, checks the raised charge until it settles, and an end signal cancels the expiry', async () => {
    sandbox.withStart('cycleStarted', { cycle: 1, endDate: at(1000), autoRenewal: true });
    const run = membership(input);
    await seconds(400);
    expect(calls).toEqual(['renewal c1 a1 @400']);
    // Payments recorded the notice and raised the charge for 100 s later.
    sandbox.signal('renewalChargeRaised', { paymentId: 'MEM-1-C1-A1', chargeOn: at(500) });
    chargeOutcomes.push('unchanged', 'succeeded');
    await seconds(200);
    expect(calls).toEqual(['renewal c1 a1 @400', 'check MEM-1-C1-A1 k1 @510', 'check MEM-1-C1-A1 k2 @570']);
    // The renewal succeeded: payments starts cycle 2, whose expiry is pending beside cycle 1's.
    sandbox.signal('cycleStarted', { cycle: 2, endDate: at(5000), autoRenewal: false });
    sandbox.signal('membershipEnded');
    await run;
    await seconds(5000);
    expect(calls).toHaveLength(3);
  });

  it('stops checking a charge after the last check', async () => {
    sandbox.withStart('renewalChargeRaised', { paymentId: 'MEM-1-C1-A1', chargeOn: at(0) });
    const run = membership(input);
    await seconds(1000);
    await run;
    expect(calls).toEqual(['check MEM-1-C1-A1 k1 @10', 'check MEM-1-C1-A1 k2 @70', 'check MEM-1-C1-A1 k3 @130']);
  });

  it('runs a due retry, expires the cycle without auto-renewal, and finishes when nothing is left', async () => {
    let ended = false;
    sandbox.withStart('cycleStarted', { cycle: 1, endDate: at(300), autoRenewal: false });
    const run = membership(input).then(() => {
      ended = true;
    });
    sandbox.signal('renewalRetryDue', { cycle: 1, attempt: 2, at: at(100) });
    await seconds(299);
    expect(calls).toEqual(['renewal c1 a2 @100']);
    expect(ended).toBe(false);
    await seconds(1);
    await run;
    expect(calls).toEqual(['renewal c1 a2 @100', 'expiry c1 @300']);
  });

  it('switching auto-renewal off drops the renewal; on again schedules the attempt it is told, or none', async () => {
    sandbox.withStart('cycleStarted', { cycle: 1, endDate: at(1000), autoRenewal: true });
    const run = membership(input);
    const keys = () => (sandbox.query('pendingSteps') as { key: string }[]).map((step) => step.key).sort();
    expect(keys()).toEqual(['MEM-1:c1', 'MEM-1:c1:a1']);
    sandbox.signal('autoRenewalChanged', { cycle: 1, endDate: at(1000), autoRenewal: false, nextAttempt: null });
    expect(keys()).toEqual(['MEM-1:c1']);
    sandbox.signal('autoRenewalChanged', { cycle: 1, endDate: at(1000), autoRenewal: true, nextAttempt: null });
    expect(keys()).toEqual(['MEM-1:c1']);
    sandbox.signal('autoRenewalChanged', { cycle: 1, endDate: at(1000), autoRenewal: true, nextAttempt: 1 });
    expect(keys()).toEqual(['MEM-1:c1', 'MEM-1:c1:a1']);
    await seconds(1000);
    await run;
    expect(calls).toEqual(['renewal c1 a1 @400', 'expiry c1 @1000']);
  });

  it('reads a toggle signal sent before nextAttempt existed as it meant then', async () => {
    sandbox.withStart('cycleStarted', { cycle: 1, endDate: at(1000), autoRenewal: false });
    const run = membership(input);
    const keys = () => (sandbox.query('pendingSteps') as { key: string }[]).map((step) => step.key).sort();
    sandbox.signal('autoRenewalChanged', { cycle: 1, endDate: at(1000), autoRenewal: true, renewalAlreadyRaised: true });
    expect(keys()).toEqual(['MEM-1:c1']);
    sandbox.signal('autoRenewalChanged', { cycle: 1, endDate: at(1000), autoRenewal: true, renewalAlreadyRaised: false });
    expect(keys()).toEqual(['MEM-1:c1', 'MEM-1:c1:a1']);
    await seconds(1000);
    await run;
  });

  it('finishes at once when started with nothing to do (a cancellation for an ended membership)', async () => {
    sandbox.withStart('membershipEnded');
    await membership(input);
    expect(calls).toEqual([]);
  });

  it('drops a step whose activity keeps failing and goes on with the next', async () => {
    sandbox.state.activities = {
      ...activities,
      beginRenewal: async () => {
        throw new Error('payments is down');
      },
    };
    sandbox.withStart('cycleStarted', { cycle: 1, endDate: at(1000), autoRenewal: true });
    const run = membership(input);
    await seconds(1000);
    await run;
    expect(calls).toEqual(['expiry c1 @1000']);
  });
});

describe('cancellation', () => {
  it('ends the workflow when it is cancelled during a step, rather than dropping the step and going on', async () => {
    sandbox.state.activities = {
      ...activities,
      timeOutPayment: async () => {
        throw Object.assign(new Error('cancelled'), { name: 'CancelledFailure' });
      },
    };
    const run = paymentTimeout({ paymentId: 'P9', timeoutAt: at(2) });
    const outcome = expect(run).rejects.toThrow('cancelled');
    await seconds(5);
    await outcome;
    expect(calls).toEqual([]);
  });
});

describe('reconciliation', () => {
  it('runs one reconciliation in the given mode', async () => {
    expect(await reconciliation({ mode: 'light' })).toEqual({ checked: 2, settled: 1 });
    expect(calls).toEqual(['reconcile light']);
  });
});
