import { describe, expect, it } from 'vitest';
import {
  autoRenewalChangedSteps,
  chargeCheckFollowUp,
  chargeFitsCycle,
  DEFAULT_MEMBERSHIP_PLAN,
  membershipCycleStartedSteps,
  membershipEndedSteps,
  nextRenewalAttempt,
  paymentSettledSteps,
  paymentStartedSteps,
  renewalChargeRaisedSteps,
  renewalRetryDueSteps,
  STEP,
  timerPlan,
  workflowOf,
} from '../src/index.js';
import { StepTable } from '../src/temporal/step-table.js';

const now = new Date('2026-11-22T10:00:00Z');
const plan = DEFAULT_MEMBERSHIP_PLAN;
const checks = { firstCheckDelaySeconds: 600, recheckSeconds: 3600, maxChecks: 72 };
const at = (iso: string) => new Date(iso);

describe('step plans (what both drivers schedule)', () => {
  it('times a payment out at its deadline, and a settlement cancels it', () => {
    expect(paymentStartedSteps({ paymentId: 'P1', timeoutAt: at('2026-11-22T10:15:00Z') })).toEqual([
      {
        op: 'schedule',
        type: STEP.timeout,
        key: 'P1',
        dueAt: at('2026-11-22T10:15:00Z'),
        payload: { paymentId: 'P1' },
        onlyIfAbsent: true,
      },
    ]);
    // A renewal charge has no checkout deadline.
    expect(paymentStartedSteps({ paymentId: 'P2', timeoutAt: null })).toEqual([]);
    expect(paymentSettledSteps('P1')).toEqual([{ op: 'cancel', type: STEP.timeout, key: 'P1' }]);
  });

  it('expires a cycle at its end and starts the renewal six days before it when auto-renewal is on', () => {
    const endDate = at('2027-11-22T10:00:00Z');
    const steps = membershipCycleStartedSteps({ subscriptionId: 'MEM-1', cycle: 1, endDate, autoRenewal: true }, now, plan);
    expect(steps).toEqual([
      {
        op: 'schedule',
        type: STEP.expiry,
        key: 'MEM-1:c1',
        dueAt: endDate,
        payload: { subscriptionId: 'MEM-1', cycle: 1 },
        onlyIfAbsent: true,
      },
      {
        op: 'schedule',
        type: STEP.renewal,
        key: 'MEM-1:c1:a1',
        dueAt: at('2027-11-16T10:00:00Z'),
        payload: { subscriptionId: 'MEM-1', cycle: 1, attempt: 1 },
        onlyIfAbsent: true,
      },
    ]);
    expect(membershipCycleStartedSteps({ subscriptionId: 'MEM-1', cycle: 1, endDate, autoRenewal: false }, now, plan)).toHaveLength(1);
  });

  it('checks a raised charge after its date, then hourly while unsettled, up to the last check', () => {
    expect(renewalChargeRaisedSteps({ paymentId: 'MEM-1-C1-A1', chargeOn: at('2027-11-17T11:00:00Z') }, checks)).toEqual([
      {
        op: 'schedule',
        type: STEP.chargeCheck,
        key: 'MEM-1-C1-A1:k1',
        dueAt: at('2027-11-17T11:10:00Z'),
        payload: { paymentId: 'MEM-1-C1-A1', check: 1 },
        onlyIfAbsent: true,
      },
    ]);
    expect(chargeCheckFollowUp({ paymentId: 'X', check: 1 }, 'unchanged', now, checks)).toEqual([
      { op: 'schedule', type: STEP.chargeCheck, key: 'X:k2', dueAt: at('2026-11-22T11:00:00Z'), payload: { paymentId: 'X', check: 2 } },
    ]);
    for (const outcome of ['succeeded', 'succeeded_late', 'failed'] as const) {
      expect(chargeCheckFollowUp({ paymentId: 'X', check: 1 }, outcome, now, checks)).toEqual([]);
    }
    expect(chargeCheckFollowUp({ paymentId: 'X', check: 72 }, 'unchanged', now, checks)).toEqual([]);
  });

  it('keys each retry by cycle and attempt, and an ended membership cancels all its steps', () => {
    expect(renewalRetryDueSteps({ subscriptionId: 'MEM-1', cycle: 2, attempt: 3, at: now })).toEqual([
      {
        op: 'schedule',
        type: STEP.renewal,
        key: 'MEM-1:c2:a3',
        dueAt: now,
        payload: { subscriptionId: 'MEM-1', cycle: 2, attempt: 3 },
        onlyIfAbsent: true,
      },
    ]);
    expect(membershipEndedSteps('MEM-1')).toEqual([{ op: 'cancelByPrefix', prefix: 'MEM-1:' }]);
  });

  it('toggles auto-renewal: off drops the cycle renewal; on schedules the next attempt unless not active or none is left', () => {
    const endDate = at('2027-11-22T10:00:00Z');
    const subscription = { subscriptionId: 'MEM-1', cycle: 1, endDate, autoRenewal: true };
    expect(autoRenewalChangedSteps({ ...subscription, autoRenewal: false }, null, now, plan)).toEqual([
      { op: 'cancelByPrefix', prefix: 'MEM-1:c1:', types: [STEP.renewal] },
    ]);
    const renewal = (attempt: number) => ({
      op: 'schedule',
      type: STEP.renewal,
      key: `MEM-1:c1:a${attempt}`,
      dueAt: at('2027-11-16T10:00:00Z'),
      payload: { subscriptionId: 'MEM-1', cycle: 1, attempt },
      onlyIfAbsent: false,
    });
    expect(autoRenewalChangedSteps(subscription, 1, now, plan)).toEqual([renewal(1)]);
    // A charge called off when auto-renewal went off counts: switched on again, the next attempt follows it.
    expect(autoRenewalChangedSteps(subscription, 2, now, plan)).toEqual([renewal(2)]);
    expect(autoRenewalChangedSteps(subscription, null, now, plan)).toEqual([]);
    expect(autoRenewalChangedSteps({ ...subscription, cycle: 0, endDate: null }, 1, now, plan)).toEqual([]);
  });

  it('numbers the attempt after the last one, none while a charge is open or paid or the attempts are used up', () => {
    expect(nextRenewalAttempt(0, plan)).toBe(1);
    expect(nextRenewalAttempt(1, plan)).toBe(2);
    expect(nextRenewalAttempt(plan.maxChargeAttempts, plan)).toBeNull();
    expect(nextRenewalAttempt(null, plan)).toBeNull();
  });

  it('raises a renewal charge only if its debit cannot land after the cycle ends', () => {
    const end = at('2027-11-22T10:00:00Z');
    expect(chargeFitsCycle(at('2027-11-22T09:59:59Z'), end)).toBe(true);
    expect(chargeFitsCycle(end, end)).toBe(true);
    expect(chargeFitsCycle(at('2027-11-22T10:00:01Z'), end)).toBe(false);
  });
});

describe("a signal's timer plan (what the embedded driver applies on delivery)", () => {
  const plans = { membership: plan, chargeChecks: checks };

  it("is the flow's own plan for each signal, and names the workflow it belongs to", () => {
    const endDate = '2027-11-22T10:00:00.000Z';
    expect(timerPlan({ kind: 'paymentStarted', paymentId: 'P1', timeoutAt: endDate }, now, plans)).toEqual(
      paymentStartedSteps({ paymentId: 'P1', timeoutAt: at(endDate) }),
    );
    expect(timerPlan({ kind: 'paymentSettled', paymentId: 'P1' }, now, plans)).toEqual(paymentSettledSteps('P1'));
    expect(timerPlan({ kind: 'cycleStarted', subscriptionId: 'MEM-1', cycle: 1, endDate, autoRenewal: true }, now, plans)).toEqual(
      membershipCycleStartedSteps({ subscriptionId: 'MEM-1', cycle: 1, endDate: at(endDate), autoRenewal: true }, now, plan),
    );
    expect(
      timerPlan({ kind: 'renewalChargeRaised', subscriptionId: 'MEM-1', paymentId: 'MEM-1-C1-A1', chargeOn: endDate }, now, plans),
    ).toEqual(renewalChargeRaisedSteps({ paymentId: 'MEM-1-C1-A1', chargeOn: at(endDate) }, checks));
    expect(timerPlan({ kind: 'renewalRetryDue', subscriptionId: 'MEM-1', cycle: 1, attempt: 2, at: endDate }, now, plans)).toEqual(
      renewalRetryDueSteps({ subscriptionId: 'MEM-1', cycle: 1, attempt: 2, at: at(endDate) }),
    );
    expect(timerPlan({ kind: 'membershipEnded', subscriptionId: 'MEM-1' }, now, plans)).toEqual(membershipEndedSteps('MEM-1'));
    const toggle = { subscriptionId: 'MEM-1', cycle: 1, endDate, autoRenewal: true, nextAttempt: 2 };
    expect(timerPlan({ kind: 'autoRenewalChanged', ...toggle }, now, plans)).toEqual(
      autoRenewalChangedSteps({ ...toggle, endDate: at(endDate) }, 2, now, plan),
    );
    expect(workflowOf({ kind: 'paymentSettled', paymentId: 'P1' })).toBe('payment-timeout-P1');
    expect(workflowOf({ kind: 'membershipEnded', subscriptionId: 'MEM-1' })).toBe('membership-MEM-1');
  });
});

describe('the step table of a Temporal workflow (the timers table rules)', () => {
  const schedule = (key: string, dueAt: string, onlyIfAbsent = false) =>
    ({ op: 'schedule', type: STEP.renewal, key, dueAt: at(dueAt), payload: { key }, onlyIfAbsent }) as const;

  it('runs the earliest step first and keeps a pending step when asked only if absent', () => {
    const table = new StepTable();
    table.apply([schedule('b', '2026-11-22T12:00:00Z'), schedule('a', '2026-11-22T11:00:00Z')]);
    expect(table.next()?.key).toBe('a');
    table.apply([schedule('a', '2026-11-22T13:00:00Z', true)]);
    expect(table.next()?.key).toBe('a');
    table.apply([schedule('a', '2026-11-22T13:00:00Z')]);
    expect(table.next()?.key).toBe('b');
    expect(table.size).toBe(2);
  });

  it('never resets the running step, lets a finished step be scheduled again, and cancels by key or prefix', () => {
    const table = new StepTable();
    table.apply([schedule('MEM-1:c1:a1', '2026-11-22T11:00:00Z')]);
    const running = table.next();
    if (!running) throw new Error('no step');
    table.take(running);
    table.apply([schedule('MEM-1:c1:a1', '2026-11-22T14:00:00Z')]);
    expect(table.size).toBe(0);
    table.finished();
    table.apply([schedule('MEM-1:c1:a1', '2026-11-22T14:00:00Z', true), schedule('MEM-2:c1:a1', '2026-11-22T15:00:00Z')]);
    expect(table.size).toBe(2);
    table.apply([{ op: 'cancelByPrefix', prefix: 'MEM-1:', types: [STEP.expiry] }]);
    expect(table.size).toBe(2);
    table.apply([{ op: 'cancelByPrefix', prefix: 'MEM-1:' }]);
    expect(table.snapshot().map((step) => step.key)).toEqual(['MEM-2:c1:a1']);
    table.apply([{ op: 'cancel', type: STEP.renewal, key: 'MEM-2:c1:a1' }]);
    expect(table.next()).toBeUndefined();
  });

  it('wakes a waiting workflow on every change, and carries its steps across continue-as-new', () => {
    const table = new StepTable();
    const before = table.version;
    table.apply([schedule('k', '2026-11-22T11:00:00Z')]);
    expect(table.version).not.toBe(before);
    const carried = new StepTable(JSON.parse(JSON.stringify(table.snapshot())));
    expect(carried.next()).toEqual({ type: STEP.renewal, key: 'k', dueAt: '2026-11-22T11:00:00.000Z', payload: { key: 'k' } });
  });
});
