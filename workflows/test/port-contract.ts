import { randomUUID } from 'node:crypto';
import { type Database, migrate } from '@elts/platform';
import { type DatabaseKind, eventually, openTestDatabase, uniqueName } from '@elts/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MEMBERSHIP_PLAN,
  type FlowPlans,
  type SettlementOutcome,
  type SignalSender,
  STEP,
  type StepRunner,
  type StepType,
  type WorkflowPort,
  type WorkflowSignal,
  workflowMigrations,
} from '../src/index.js';

/**
 * The workflow port's contract, one suite for both drivers (port-on-embedded.test.ts, port-on-temporal.test.ts):
 * the behaviour the payments service relies on, whichever driver runs its flows. Durations are seconds.
 */

/** The plans the suite runs on: a renewal starts 4 s before its cycle ends; a charge is checked 1 s apart. */
export const CONTRACT_PLANS: FlowPlans = {
  membership: { ...DEFAULT_MEMBERSHIP_PLAN, renewalLeadSeconds: 4, noticeToChargeSeconds: 1 },
  chargeChecks: { firstCheckDelaySeconds: 1, recheckSeconds: 1, maxChecks: 3 },
};

export interface StepCall {
  type: StepType;
  payload: Record<string, unknown>;
  at: number;
}

/**
 * Stands in for the payments service's steps: records every run and answers as told. A renewal raises its charge at
 * once (delivering `renewalChargeRaised`, as payments does through its outbox); a charge check answers from
 * `chargeOutcomes` (then 'unchanged'); `failNext` makes a step throw.
 */
export class StepRecorder {
  readonly calls: StepCall[] = [];
  readonly chargeOutcomes = new Map<string, SettlementOutcome[]>();
  private readonly failures = new Map<string, number>();
  port: WorkflowPort | undefined;

  /** The next `times` runs of steps whose payload names `id` throw. */
  failNext(id: string, times = 1): void {
    this.failures.set(id, times);
  }

  readonly run: StepRunner = async (type, payload) => {
    this.calls.push({ type, payload, at: Date.now() });
    const id = String(payload.paymentId ?? payload.subscriptionId);
    const failures = this.failures.get(id) ?? 0;
    if (failures > 0) {
      this.failures.set(id, failures - 1);
      throw new Error(`step ${type} failed on purpose`);
    }
    if (type === STEP.renewal) {
      const { subscriptionId, cycle, attempt } = payload as { subscriptionId: string; cycle: number; attempt: number };
      await this.port?.deliver({
        kind: 'renewalChargeRaised',
        subscriptionId,
        paymentId: `${subscriptionId}-C${cycle}-A${attempt}`,
        chargeOn: new Date().toISOString(),
      });
    }
    if (type === STEP.chargeCheck) return this.chargeOutcomes.get(String(payload.paymentId))?.shift() ?? 'unchanged';
    return undefined;
  };

  /** The steps run for one payment or subscription (its charges included), in the order they ran. */
  of(id: string): StepCall[] {
    return this.calls.filter((call) => String(call.payload.paymentId ?? call.payload.subscriptionId).startsWith(id));
  }

  /** What ran for `id`, as `type` or `type payload-detail`. */
  names(id: string): string[] {
    return this.of(id).map((call) => {
      if (call.type === STEP.renewal) return `${call.type} a${call.payload.attempt}`;
      if (call.type === STEP.chargeCheck) return `${call.type} k${call.payload.check}`;
      return call.type;
    });
  }
}

export interface PortRig {
  port: WorkflowPort;
  close(): Promise<void>;
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// The drivers' clocks are this machine's; a timer fires at its time or later, never before.
const ON_TIME_MS = 50;

/**
 * Registers the contract for one driver. `start` builds the driver around the recorder's steps and the contract's
 * plans. Each case uses payments and subscriptions of its own, so the cases run at once.
 */
export function describeWorkflowPortContract(driver: string, available: boolean, start: (steps: StepRecorder) => Promise<PortRig>) {
  describe.skipIf(!available)(`the workflow port contract on ${driver}`, () => {
    const steps = new StepRecorder();
    let rig: PortRig;
    const deliver: WorkflowPort['deliver'] = (signal) => rig.port.deliver(signal);

    beforeAll(async () => {
      rig = await start(steps);
      steps.port = rig.port;
    }, 120_000);
    afterAll(async () => {
      await rig?.close();
    });

    it.concurrent("runs a started payment's timeout at its due time, once", async () => {
      const paymentId = `PAY-${randomUUID()}`;
      const timeoutAt = inSeconds(2);
      await deliver({ kind: 'paymentStarted', paymentId, timeoutAt });
      await eventually(() => steps.of(paymentId).length === 1, 20_000);
      await sleep(1_000);
      expect(steps.names(paymentId)).toEqual([STEP.timeout]);
      expect(steps.of(paymentId)[0]!.at).toBeGreaterThanOrEqual(Date.parse(timeoutAt) - ON_TIME_MS);
    });

    it.concurrent("cancels a payment's timeout when it settles", async () => {
      const paymentId = `PAY-${randomUUID()}`;
      await deliver({ kind: 'paymentStarted', paymentId, timeoutAt: inSeconds(3) });
      await deliver({ kind: 'paymentSettled', paymentId });
      await sleep(5_000);
      expect(steps.names(paymentId)).toEqual([]);
    });

    it.concurrent('schedules a step once per key: a repeated start changes nothing', async () => {
      const paymentId = `PAY-${randomUUID()}`;
      const timeoutAt = inSeconds(1);
      const later = inSeconds(6);
      await deliver({ kind: 'paymentStarted', paymentId, timeoutAt });
      await deliver({ kind: 'paymentStarted', paymentId, timeoutAt });
      await deliver({ kind: 'paymentStarted', paymentId, timeoutAt: later });
      await eventually(() => steps.of(paymentId).length > 0, 20_000);
      // The first start's deadline stands: the timeout ran before the later one, and does not run again.
      expect(steps.of(paymentId)[0]?.at).toBeLessThan(Date.parse(later));
      await sleep(Math.max(0, Date.parse(later) - Date.now()) + 1_500);
      expect(steps.names(paymentId)).toEqual([STEP.timeout]);
    });

    it.concurrent("runs a cycle's renewal ahead of its end, checks the charge until it settles, and expires the cycle at its end", async () => {
      const subscriptionId = `MEM-${randomUUID()}`;
      steps.chargeOutcomes.set(`${subscriptionId}-C1-A1`, ['unchanged', 'succeeded']);
      const endDate = inSeconds(6);
      await deliver({ kind: 'cycleStarted', subscriptionId, cycle: 1, endDate, autoRenewal: true });
      const ran = () => steps.names(subscriptionId);
      await eventually(() => ran().includes(STEP.expiry) && ran().includes(`${STEP.chargeCheck} k2`), 20_000);
      await sleep(1_500);
      // The charge's checks and the cycle's end are timers of their own: on a loaded machine either may come first.
      expect(ran().filter((name) => name !== STEP.expiry)).toEqual([
        `${STEP.renewal} a1`,
        `${STEP.chargeCheck} k1`,
        `${STEP.chargeCheck} k2`,
      ]);
      expect(ran().filter((name) => name === STEP.expiry)).toHaveLength(1);
      const at = (type: string) => steps.of(subscriptionId).find((call) => call.type === type)?.at;
      expect(at(STEP.renewal)).toBeGreaterThanOrEqual(Date.parse(endDate) - 4_000 - ON_TIME_MS);
      expect(at(STEP.expiry)).toBeGreaterThanOrEqual(Date.parse(endDate) - ON_TIME_MS);
    });

    it.concurrent('cancels what the plan cancels: auto-renewal off drops the renewal, an end drops everything', async () => {
      const off = `MEM-${randomUUID()}`;
      const ended = `MEM-${randomUUID()}`;
      // The renewals are due in 4 s: long enough for the signals below to arrive first on a loaded machine.
      const endDate = inSeconds(8);
      for (const subscriptionId of [off, ended])
        await deliver({ kind: 'cycleStarted', subscriptionId, cycle: 1, endDate, autoRenewal: true });
      await deliver({ kind: 'autoRenewalChanged', subscriptionId: off, cycle: 1, endDate, autoRenewal: false, nextAttempt: null });
      await deliver({ kind: 'membershipEnded', subscriptionId: ended });
      await eventually(() => steps.names(off).includes(STEP.expiry), 20_000);
      await sleep(500);
      expect(steps.names(off)).toEqual([STEP.expiry]);
      expect(steps.names(ended)).toEqual([]);
    });

    it.concurrent('schedules the attempts it is told to: auto-renewal back on, and a retry after a failed charge', async () => {
      const subscriptionId = `MEM-${randomUUID()}`;
      const endDate = inSeconds(8);
      steps.chargeOutcomes.set(`${subscriptionId}-C1-A2`, ['failed']);
      steps.chargeOutcomes.set(`${subscriptionId}-C1-A3`, ['succeeded']);
      await deliver({ kind: 'cycleStarted', subscriptionId, cycle: 1, endDate, autoRenewal: false });
      await deliver({ kind: 'autoRenewalChanged', subscriptionId, cycle: 1, endDate, autoRenewal: true, nextAttempt: 2 });
      await deliver({ kind: 'renewalRetryDue', subscriptionId, cycle: 1, attempt: 3, at: inSeconds(1) });
      await eventually(() => steps.of(subscriptionId).filter((call) => call.type === STEP.chargeCheck).length === 2, 20_000);
      await deliver({ kind: 'membershipEnded', subscriptionId });
      // The retry is due first (in 1 s), the attempt switched back on when the renewal starts (4 s before the end).
      expect(steps.names(subscriptionId).filter((name) => name.startsWith(STEP.renewal))).toEqual([
        `${STEP.renewal} a3`,
        `${STEP.renewal} a2`,
      ]);
    });

    it.concurrent('retries a step that throws until it succeeds', async () => {
      const paymentId = `PAY-${randomUUID()}`;
      steps.failNext(paymentId);
      await deliver({ kind: 'paymentStarted', paymentId, timeoutAt: inSeconds(0.5) });
      await eventually(() => steps.of(paymentId).length === 2, 20_000);
      await sleep(500);
      expect(steps.names(paymentId)).toEqual([STEP.timeout, STEP.timeout]);
    });
  });
}

/** A database of the test's own with the timers table and the signal outbox. */
export async function timersDatabase(kind: DatabaseKind = 'pglite'): Promise<{ db: Kysely<any>; database: Database }> {
  const database = await openTestDatabase(kind);
  const schema = uniqueName('timers_');
  const db = database.forSchema(schema);
  await migrate(db, schema, await workflowMigrations({ signalOutbox: true }));
  return { db, database };
}

/** As commands do: one signal sent in a transaction that commits, another in one that rolls back. */
export async function sendCommittedAndRolledBack(
  db: Kysely<any>,
  sender: Pick<SignalSender, 'send'>,
  committed: WorkflowSignal,
  rolledBack: WorkflowSignal,
) {
  await db.transaction().execute((trx) => sender.send(trx, committed));
  await db
    .transaction()
    .execute(async (trx) => {
      await sender.send(trx, rolledBack);
      throw new Error('the command failed');
    })
    .catch(() => {});
}
