import { type Database, loadMigrations, migrate } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, openTestDatabase, silentLogger, uniqueName } from '@elts/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobScheduler, type SchedulerOptions, schedulerMigrationsDir } from '../src/index.js';

describe.each(DATABASE_KINDS)('embedded job scheduler on %s', (kind) => {
  const available = databaseAvailable(kind);
  let database: Database;
  const schedulers: JobScheduler[] = [];

  beforeAll(async () => {
    if (available) database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await Promise.all(schedulers.map((s) => s.stop()));
    await database?.close();
  });

  async function makeScheduler(
    schema?: string,
    options: Partial<Pick<SchedulerOptions, 'retry' | 'staleClaimMs' | 'batchSize' | 'rest' | 'instance'>> = {},
  ) {
    const name = schema ?? uniqueName('jobs_');
    const db = database.forSchema(name);
    await migrate(db, name, await loadMigrations(schedulerMigrationsDir, 'workflows/'));
    const scheduler = new JobScheduler(db, { logger: silentLogger(), pollMs: 20, ...options });
    schedulers.push(scheduler);
    return { scheduler, db, schema: name };
  }

  it.runIf(available)('runs a step when it is due, not before', async () => {
    const { scheduler, db } = await makeScheduler();
    const ran: string[] = [];
    scheduler.register('payment.timeout', async (payload) => {
      ran.push(payload.paymentId);
    });
    await scheduler.start();
    // p1 is an hour away, so a loaded machine cannot make it due by accident; then its time comes (moved to now).
    await scheduler.schedule('payment.timeout', 'p1', new Date(Date.now() + 3600_000), { paymentId: 'p1' });
    await scheduler.schedule('payment.timeout', 'p0', new Date(Date.now() - 1000), { paymentId: 'p0' });
    await eventually(() => ran.includes('p0'));
    expect(await scheduler.drain()).toBe(0);
    expect(ran).toEqual(['p0']);
    await sql`update scheduled_jobs set due_at = now() where key = 'p1'`.execute(db);
    await eventually(() => ran.includes('p1'));
    expect(ran).toEqual(['p0', 'p1']);
  });

  it.runIf(available)('rests between batches while its steps keep the thread busy, and not while they wait', async () => {
    const rests: number[] = [];
    const { scheduler, db } = await makeScheduler(undefined, {
      batchSize: 1,
      rest: async (ms) => {
        rests.push(ms);
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    // How many rests had been taken when each step started.
    const restsBefore: Record<string, number> = {};
    scheduler.register('busy', async (payload) => {
      restsBefore[payload.id] = rests.length;
      const until = performance.now() + 40;
      while (performance.now() < until) {
        // Holds the thread, as a wave of steps on an in-process database does.
      }
    });
    scheduler.register('waiting', async (payload) => {
      restsBefore[payload.id] = rests.length;
      // Long against the batch's own work: on a loaded machine (the whole suite at once) the claim and the
      // completion's queries can take tens of milliseconds of loop time, and a 40 ms wait no longer outweighed them.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    for (const id of ['w1', 'w2']) await scheduler.schedule('waiting', id, new Date(Date.now() + 3600_000), { id });
    for (const id of ['b1', 'b2']) await scheduler.schedule('busy', id, new Date(Date.now() - 1000), { id });
    await scheduler.start();
    await eventually(() => restsBefore.b2 !== undefined);
    expect(restsBefore.b2).toBeGreaterThan(restsBefore.b1 ?? Number.NaN);

    await sql`update scheduled_jobs set due_at = now() where type = 'waiting'`.execute(db);
    await eventually(() => restsBefore.w2 !== undefined);
    expect(restsBefore.w2).toBe(restsBefore.w1);
  });

  it.runIf(available)('retries a failing step with growing waits past any count of attempts, until it succeeds', async () => {
    const { scheduler, db } = await makeScheduler(undefined, { retry: { firstDelayMs: 200, maxDelayMs: 200 } });
    const row = async () =>
      (
        await sql<{ status: string; attempts: number; due_at: Date; last_error: string }>`
          select status, attempts, due_at, last_error from scheduled_jobs where key = 'sub-1:c1'`.execute(db)
      ).rows[0]!;
    let calls = 0;
    scheduler.register('membership.expiry', async () => {
      calls++;
      // A gateway outage longer than the 8 attempts after which steps used to be dropped.
      if (calls <= 11) throw new Error('gateway down');
    });
    await scheduler.schedule('membership.expiry', 'sub-1:c1', new Date(Date.now() - 10), { subscriptionId: 'sub-1', cycle: 1 });
    const failedAt = Date.now();
    await scheduler.drain();
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, last_error: 'gateway down' });
    expect((await row()).due_at.getTime()).toBeGreaterThanOrEqual(failedAt + 200);
    await scheduler.start();
    await eventually(async () => (await row()).status === 'done', 10_000);
    expect(calls).toBe(12);
    expect((await row()).attempts).toBe(12);
  });

  it.runIf(available)('waits 2 s after a first failure, doubling to at most 15 minutes, by default', async () => {
    const { scheduler, db } = await makeScheduler();
    scheduler.register('flaky', async () => {
      throw new Error('gateway down');
    });
    const dueIn = async () =>
      (await sql<{ due_at: Date }>`select due_at from scheduled_jobs`.execute(db)).rows[0]!.due_at.getTime() - Date.now();
    await scheduler.schedule('flaky', 'k', new Date(Date.now() - 10));
    await scheduler.drain();
    expect(await dueIn()).toBeGreaterThan(1000);
    expect(await dueIn()).toBeLessThanOrEqual(2000);
    await sql`update scheduled_jobs set attempts = 20, due_at = now()`.execute(db);
    await scheduler.drain();
    expect(await dueIn()).toBeGreaterThan(14 * 60_000);
    expect(await dueIn()).toBeLessThanOrEqual(15 * 60_000);
    expect((await sql<{ status: string }>`select status from scheduled_jobs`.execute(db)).rows[0]!.status).toBe('pending');
  });

  it.runIf(available)('lists failing steps for operators, runs one again at once, and lets an operator give one up', async () => {
    const { scheduler, db } = await makeScheduler(undefined, { retry: { firstDelayMs: 3_600_000, maxDelayMs: 3_600_000 } });
    const ran: string[] = [];
    scheduler.register('payment.timeout', async (payload: { paymentId: string }) => {
      ran.push(payload.paymentId);
      throw new Error('Cashfree answered 503');
    });
    for (const paymentId of ['PAY-1', 'PAY-2', 'PAY-3'])
      await scheduler.schedule('payment.timeout', paymentId, new Date(Date.now() - 10), { paymentId });
    await scheduler.drain();
    // PAY-1 and PAY-2 have failed often; PAY-3 once, which is not yet failing.
    await sql`update scheduled_jobs set attempts = 9 where key in ('PAY-1', 'PAY-2')`.execute(db);
    // A step dropped after 8 attempts before steps retried until a person decides: it waits for one.
    await scheduler.schedule('membership.renewal', 'sub-9:c1:a1', new Date(Date.now() - 10), { subscriptionId: 'sub-9' });
    await sql`update scheduled_jobs set status = 'failed', attempts = 8, last_error = 'gave up' where key = 'sub-9:c1:a1'`.execute(db);

    const failing = await scheduler.failing(8);
    expect(failing.map((step) => step.key).sort()).toEqual(['PAY-1', 'PAY-2', 'sub-9:c1:a1']);
    expect(failing.find((step) => step.key === 'PAY-1')).toEqual({
      type: 'payment.timeout',
      key: 'PAY-1',
      subject: 'PAY-1',
      attempts: 9,
      lastError: 'Cashfree answered 503',
      nextAttemptAt: expect.any(String),
    });
    expect(Date.parse(failing.find((step) => step.key === 'PAY-1')!.nextAttemptAt!)).toBeGreaterThan(Date.now() + 3_000_000);
    expect(failing.find((step) => step.key === 'sub-9:c1:a1')).toMatchObject({ subject: 'sub-9', nextAttemptAt: null });

    ran.length = 0;
    expect(await scheduler.retryNow('payment.timeout', 'PAY-1')).toMatchObject({ key: 'PAY-1', attempts: 9 });
    expect(await scheduler.giveUp('payment.timeout', 'PAY-2', 'admin:7')).toMatchObject({ key: 'PAY-2', attempts: 9 });
    expect(await scheduler.drain()).toBe(1);
    expect(ran).toEqual(['PAY-1']);
    expect((await scheduler.failing(8)).map((step) => step.key).sort()).toEqual(['PAY-1', 'sub-9:c1:a1']);
    const given = (
      await sql<{ status: string; last_error: string }>`select status, last_error from scheduled_jobs where key = 'PAY-2'`.execute(db)
    ).rows[0];
    expect(given).toEqual({ status: 'abandoned', last_error: 'Given up by admin:7; last error: Cashfree answered 503' });
    await sql`update scheduled_jobs set due_at = now() where key = 'PAY-2'`.execute(db);
    expect(await scheduler.drain()).toBe(0);
    // Nothing to retry or give up once a step is given up, or for a step that does not exist.
    expect(await scheduler.retryNow('payment.timeout', 'PAY-2')).toBeNull();
    expect(await scheduler.giveUp('payment.timeout', 'PAY-404', 'admin:7')).toBeNull();

    // The old dropped step runs again when an operator asks.
    scheduler.register('membership.renewal', async (payload: { subscriptionId: string }) => {
      ran.push(payload.subscriptionId);
    });
    expect(await scheduler.retryNow('membership.renewal', 'sub-9:c1:a1')).toMatchObject({ nextAttemptAt: null });
    await scheduler.drain();
    expect(ran).toContain('sub-9');
    expect((await scheduler.failing(8)).map((step) => step.key)).toEqual(['PAY-1']);
  });

  it.runIf(available)('keeps a step of a type it has no handler for, for an instance that has one', async () => {
    const { scheduler, db } = await makeScheduler();
    await scheduler.schedule('payment.refund-check', 'PAY-1', new Date(Date.now() - 10));
    await scheduler.drain();
    const row = (await sql<{ status: string; last_error: string }>`select status, last_error from scheduled_jobs`.execute(db)).rows[0];
    expect(row).toEqual({ status: 'pending', last_error: 'no handler for payment.refund-check' });
  });

  it.runIf(available)('keeps steps across a restart: a new scheduler runs what the old one left', async () => {
    const first = await makeScheduler();
    first.scheduler.register('membership.expiry', async () => {});
    await first.scheduler.schedule('membership.expiry', 'sub-1', new Date(Date.now() - 5));
    // The old process died before running it. A new one starts on the same database.
    const ran: string[] = [];
    const second = new JobScheduler(first.db, { logger: silentLogger(), pollMs: 20 });
    schedulers.push(second);
    second.register('membership.expiry', async (_payload, context) => {
      ran.push(context.key);
    });
    await second.start();
    await eventually(() => ran.length === 1);
    expect(ran).toEqual(['sub-1']);
  });

  it.runIf(available)('takes back a step whose runner died mid-way', async () => {
    const { scheduler, db } = await makeScheduler(undefined, { staleClaimMs: 1000 });
    const ran: string[] = [];
    scheduler.register('step', async (_p, context) => {
      ran.push(context.key);
    });
    await scheduler.schedule('step', 'orphan', new Date(Date.now() - 10));
    await sql`update scheduled_jobs set status = 'running', claimed_at = now() - interval '10 seconds'`.execute(db);
    expect(await scheduler.drain()).toBe(1);
    expect(ran).toEqual(['orphan']);
  });

  it.runIf(available)(
    'takes back at once what an earlier run of the same instance was running, never what another instance runs',
    async () => {
      const { db, schema } = await makeScheduler();
      const forever = new Promise<void>(() => {});
      const started: string[] = [];
      const stuck = (instance: { name: string; run: string }) =>
        new JobScheduler(db, { logger: silentLogger(), pollMs: 20, instance }).register('refund.due', async (_payload, context) => {
          started.push(`${instance.name} ${instance.run} ${context.key}`);
          await forever;
        });
      // orders#1 claims one refund and dies running it (its promise never settles, and nothing of it runs again);
      // orders#2 claims the other and is alive, still running it. Both under the usual five-minute lease.
      const dead = stuck({ name: 'orders#1', run: 'run-1' });
      await dead.schedule('refund.due', 'ORD-1', new Date(Date.now() - 1000));
      void dead.drain();
      await eventually(() => started.length === 1);
      const alive = stuck({ name: 'orders#2', run: 'run-7' });
      await alive.schedule('refund.due', 'ORD-2', new Date(Date.now() - 1000));
      void alive.drain();
      await eventually(() => started.length === 2);
      // Another scheduler of that same live run (one process, two schedulers) is no restart: it takes nothing back.
      const sibling = stuck({ name: 'orders#2', run: 'run-7' });
      await sibling.start();
      await sibling.stop();

      // orders#1 comes back: a new run under its name.
      const ran: string[] = [];
      const { scheduler: restarted } = await makeScheduler(schema, { instance: { name: 'orders#1', run: 'run-2' } });
      restarted.register('refund.due', async (_payload, context) => {
        ran.push(context.key);
      });
      const restartedAt = Date.now();
      await restarted.start();
      await eventually(() => ran.includes('ORD-1'), 5000);
      expect(Date.now() - restartedAt).toBeLessThan(5000);
      // orders#2's claim is its own until the lease runs out: not run, still running under it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ran).toEqual(['ORD-1']);
      expect(started).toEqual(['orders#1 run-1 ORD-1', 'orders#2 run-7 ORD-2']);
      const rows = await sql<{ key: string; status: string; attempts: number; claimed_by: string | null }>`
      select key, status, attempts, claimed_by from scheduled_jobs order by key`.execute(db);
      expect(rows.rows).toEqual([
        // The attempt that died is counted, then the one that succeeded.
        { key: 'ORD-1', status: 'done', attempts: 2, claimed_by: null },
        { key: 'ORD-2', status: 'running', attempts: 1, claimed_by: 'orders#2' },
      ]);
    },
  );

  it.runIf(available)("runs the steps of different keys at once, and one key's steps one after the other in due order", async () => {
    const { scheduler } = await makeScheduler();
    let inFlight = 0;
    let mostInFlight = 0;
    const log: string[] = [];
    const step = async (_p: unknown, context: { type: string; key: string }) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      log.push(`start ${context.type} ${context.key}`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      log.push(`end ${context.type} ${context.key}`);
      inFlight--;
    };
    scheduler.register('membership.renewal', step).register('payment.timeout', step);
    // Two steps of one key: the one scheduled first but due later must still run second.
    await scheduler.schedule('payment.timeout', 'p0', new Date(Date.now() - 1000));
    await scheduler.schedule('membership.renewal', 'p0', new Date(Date.now() - 2000));
    for (let i = 1; i <= 5; i++) await scheduler.schedule('payment.timeout', `p${i}`, new Date(Date.now() - 1500));
    expect(await scheduler.drain()).toBe(7);
    expect(mostInFlight).toBeGreaterThan(1);
    const p0 = log.filter((line) => line.endsWith(' p0'));
    expect(p0).toEqual(['start membership.renewal p0', 'end membership.renewal p0', 'start payment.timeout p0', 'end payment.timeout p0']);
  });

  it.runIf(available)('leaves a running step alone when scheduled again, unless asked to run it once more after', async () => {
    const { scheduler } = await makeScheduler();
    const runs: string[] = [];
    let release: () => void = () => {};
    scheduler.register('alerts.moment', async (payload) => {
      runs.push(payload.seen);
      if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    await scheduler.start();
    await scheduler.schedule('alerts.moment', 'd1', new Date(Date.now() - 1000), { seen: 'before' });
    await eventually(() => runs.length === 1);
    // Scheduled again while it runs: left alone.
    await scheduler.schedule('alerts.moment', 'd1', new Date(Date.now() - 1000), { seen: 'ignored' });
    // A change its run may have missed: it runs once more, with what was scheduled last.
    await scheduler.schedule('alerts.moment', 'd1', new Date(Date.now() - 1000), { seen: 'after' }, { againIfRunning: true });
    release();
    await eventually(() => runs.length === 2);
    expect(await scheduler.drain()).toBe(0);
    expect(runs).toEqual(['before', 'after']);
  });

  it.runIf(available)('cancels steps, one by one or all of one subscription', async () => {
    const { scheduler } = await makeScheduler();
    const ran: string[] = [];
    scheduler.register('s', async (_p, context) => {
      ran.push(context.key);
    });
    const past = new Date(Date.now() - 10);
    await scheduler.schedule('s', 'sub-1:notice', past);
    await scheduler.schedule('s', 'sub-1:charge', past);
    await scheduler.schedule('s', 'sub-10:charge', past);
    await scheduler.schedule('s', 'sub-2:expiry', past);
    await scheduler.cancelByPrefix('sub-1:');
    await scheduler.cancel('s', 'sub-2:expiry');
    await scheduler.drain();
    expect(ran).toEqual(['sub-10:charge']);
  });

  it.runIf(available)('runs recurring jobs again and again, stops and restarts them for every instance and across a restart', async () => {
    const first = await makeScheduler();
    let runs = 0;
    let oneOff = 0;
    const instance = () => {
      const scheduler = new JobScheduler(first.db, { logger: silentLogger(), pollMs: 20 });
      schedulers.push(scheduler);
      scheduler.every('reconciliation', 0.05, async () => {
        runs++;
      });
      scheduler.register('timeout', async () => {
        oneOff++;
      });
      return scheduler;
    };
    const [a, b] = [instance(), instance()];
    await a.start();
    await b.start();
    await eventually(() => runs >= 3);
    expect(await a.status()).toMatchObject({ isRunning: true, jobs: ['reconciliation'] });

    // Stopped through one instance: neither runs it, and both say so.
    await a.setRecurringPaused(true, 'admin:1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const paused = runs;
    expect(await b.status()).toMatchObject({ isRunning: false, nextRunTime: null });
    await a.schedule('timeout', 'p', new Date(Date.now() - 1));
    await eventually(() => oneOff === 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs).toBe(paused);

    // A restart of both keeps the stop.
    await Promise.all([a.stop(), b.stop()]);
    const c = instance();
    await c.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs).toBe(paused);
    expect((await c.status()).isRunning).toBe(false);

    await c.setRecurringPaused(false, 'admin:1');
    await eventually(() => runs >= paused + 3);
    expect((await c.status()).isRunning).toBe(true);
  });

  it.runIf(available)('counts every run of a recurring job, scheduled or asked for, with its last run', async () => {
    const { scheduler, db } = await makeScheduler();
    let fail = false;
    scheduler.every('reconciliation', 3600, async () => {
      if (fail) throw new Error('gateway down');
    });
    expect(await scheduler.status()).toMatchObject({ successCount: 0, errorCount: 0, lastRunTime: null });
    await scheduler.start();
    expect(Date.parse((await scheduler.status()).nextRunTime!) - Date.now()).toBeGreaterThan(3500_000);
    expect(await scheduler.recurringJobs.track('reconciliation', async () => 'checked 4')).toBe('checked 4');
    await expect(scheduler.recurringJobs.track('reconciliation', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    // A scheduled run: the recurring row falls due.
    fail = true;
    await sql`update scheduled_jobs set due_at = now() where type = 'reconciliation'`.execute(db);
    await eventually(async () => (await scheduler.status()).errorCount === 2);
    const status = await scheduler.status();
    expect(status).toMatchObject({ successCount: 1, errorCount: 2 });
    expect(Date.now() - Date.parse(status.lastRunTime!)).toBeLessThan(5_000);
  });
});

describe('embedded job scheduler with two instances on PostgreSQL', () => {
  const available = databaseAvailable('postgres');
  let database: Database;
  const schedulers: JobScheduler[] = [];
  afterAll(async () => {
    await Promise.all(schedulers.map((s) => s.stop()));
    await database?.close();
  });

  it.runIf(available)('runs each step once when two instances share the table', async () => {
    database = await openTestDatabase('postgres');
    const schema = uniqueName('jobs_');
    const db = database.forSchema(schema);
    await migrate(db, schema, await loadMigrations(schedulerMigrationsDir, 'workflows/'));
    const runs = new Map<string, number>();
    const makeInstance = () => {
      const scheduler = new JobScheduler(database.forSchema(schema), { logger: silentLogger(), pollMs: 10, batchSize: 5 });
      schedulers.push(scheduler);
      scheduler.register('timeout', async (_p, context) => {
        runs.set(context.key, (runs.get(context.key) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
      return scheduler;
    };
    const [a, b] = [makeInstance(), makeInstance()];
    for (let i = 0; i < 60; i++) await a.schedule('timeout', `p${i}`, new Date(Date.now() - 1));
    await Promise.all([a.start(), b.start()]);
    await eventually(
      async () =>
        (await sql<{ n: number }>`select count(*)::int as n from scheduled_jobs where status = 'done'`.execute(db)).rows[0]!.n === 60,
    );
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });
});
