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
    options: Partial<Pick<SchedulerOptions, 'maxAttempts' | 'staleClaimMs' | 'batchSize' | 'rest'>> = {},
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

  it.runIf(available)('retries a failing step with backoff and gives up after the last attempt', async () => {
    const { scheduler, db } = await makeScheduler(undefined, { maxAttempts: 2 });
    let calls = 0;
    scheduler.register('flaky', async () => {
      calls++;
      throw new Error('gateway down');
    });
    await scheduler.schedule('flaky', 'k', new Date(Date.now() - 10));
    expect(await scheduler.drain()).toBe(1);
    const row = await sql<{
      status: string;
      due_at: Date;
      last_error: string;
    }>`select status, due_at, last_error from scheduled_jobs`.execute(db);
    expect(row.rows[0]).toMatchObject({ status: 'pending', last_error: 'gateway down' });
    expect(row.rows[0]!.due_at.getTime()).toBeGreaterThan(Date.now() + 1000);
    await sql`update scheduled_jobs set due_at = now()`.execute(db);
    await scheduler.drain();
    expect(calls).toBe(2);
    expect((await sql<{ status: string }>`select status from scheduled_jobs`.execute(db)).rows[0]!.status).toBe('failed');
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
    scheduler.register('payment.at-risk', step).register('payment.timeout', step);
    // The timeout is scheduled first but due later: its at-risk mark must still run first.
    await scheduler.schedule('payment.timeout', 'p0', new Date(Date.now() - 1000));
    await scheduler.schedule('payment.at-risk', 'p0', new Date(Date.now() - 2000));
    for (let i = 1; i <= 5; i++) await scheduler.schedule('payment.timeout', `p${i}`, new Date(Date.now() - 1500));
    expect(await scheduler.drain()).toBe(7);
    expect(mostInFlight).toBeGreaterThan(1);
    const p0 = log.filter((line) => line.endsWith(' p0'));
    expect(p0).toEqual(['start payment.at-risk p0', 'end payment.at-risk p0', 'start payment.timeout p0', 'end payment.timeout p0']);
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

  it.runIf(available)('runs recurring jobs again and again, pauses and resumes them, and runs one on demand', async () => {
    const { scheduler } = await makeScheduler();
    let runs = 0;
    let oneOff = 0;
    scheduler.every('reconciliation', 0.05, async () => {
      runs++;
    });
    scheduler.register('timeout', async () => {
      oneOff++;
    });
    await scheduler.start();
    await eventually(() => runs >= 3);
    scheduler.pauseRecurring();
    expect(scheduler.status().isRunning).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const paused = runs;
    await scheduler.schedule('timeout', 'p', new Date(Date.now() - 1));
    await eventually(() => oneOff === 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs).toBe(paused);
    await scheduler.runNow('reconciliation');
    expect(runs).toBe(paused + 1);
    scheduler.resumeRecurring();
    await eventually(() => runs >= paused + 3);
    expect(scheduler.status()).toMatchObject({ isRunning: true, jobs: ['reconciliation'] });
    expect(scheduler.status().successCount).toBeGreaterThan(3);
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
