import { fileURLToPath } from 'node:url';
import { type Generated, type Kysely, sql } from 'kysely';
import { loadMigrations, migrate } from '../db/migrations.js';
import { readHeadPosition, readRawEventsAfter } from '../events/event-store.js';
import type { StoredEvent } from '../events/types.js';
import type { Logger } from '../logging/logger.js';
import {
  DEFAULT_MAX_ATTEMPTS,
  type DeadLetter,
  deadLetterSubject,
  type EventBus,
  type Outbox,
  retryPlan,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.js';
import { Wakeup, yieldToEventLoop } from './wakeup.js';

interface BusTables {
  bus_checkpoints: { group_name: string; source: string; position: number; updated_at: Generated<Date> };
  bus_attempts: { group_name: string; event_id: string; attempts: number; last_error: string; updated_at: Generated<Date> };
  bus_dead_letters: {
    id: Generated<number>;
    group_name: string;
    subject: string;
    event: unknown;
    error: string;
    attempts: number;
    dead_at: Generated<Date>;
  };
}

export interface InProcessBusOptions {
  /** Where the bus keeps checkpoints, attempts and dead letters (its own schema). */
  db: Kysely<unknown>;
  schema: string;
  logger: Logger;
  /**
   * How often an idle group looks for events nobody announced (default 2 s). Every append through a service's event
   * store wakes the groups at once, so this is only a safety net; each look costs a query per group.
   */
  pollMs?: number;
  batchSize?: number;
  retryBaseMs?: number;
}

/** A chain of promises per key: instances of one group take turns, so none reads a checkpoint another is moving. */
class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/**
 * Where a group stands in a source, kept in memory once read: the group's instances in this process take turns under
 * its lock, so nobody else moves it (the in-process bus serves one process). `stored` is what the table holds.
 */
interface Checkpoint {
  position: number;
  stored: number;
  /** Events with a failed attempt on record: only their success has a row in bus_attempts to clear. */
  attempted: Set<string>;
}

/**
 * The all-in-one bus: no broker. Each group reads the source service's events table past its stored checkpoint, so
 * a restart resumes where it stopped and nothing published is ever lost. A failing event is retried with backoff
 * (holding back the rest of that source for that group, which keeps order) until it is dead-lettered.
 */
export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly sources = new Map<string, Outbox>();
  private readonly sourceWaiters = new Map<string, Set<() => void>>();
  private readonly mutex = new KeyedMutex();
  private readonly workers = new Set<Worker>();
  private readonly checkpoints = new Map<string, Checkpoint>();

  private constructor(private readonly options: InProcessBusOptions) {}

  static async create(options: InProcessBusOptions): Promise<InProcessBus> {
    const dir = fileURLToPath(new URL('../../migrations-bus', import.meta.url));
    await migrate(options.db, options.schema, await loadMigrations(dir, 'bus/'), options.logger);
    return new InProcessBus(options);
  }

  get db(): Kysely<BusTables> {
    return this.options.db as Kysely<BusTables>;
  }

  async attachOutbox(outbox: Outbox): Promise<void> {
    this.sources.set(outbox.service, outbox);
    for (const notify of this.sourceWaiters.get(outbox.service) ?? []) notify();
    this.sourceWaiters.delete(outbox.service);
  }

  /** Resolves once the source's outbox is attached (services may start in any order). */
  sourceFor(service: string): Promise<Outbox> {
    const found = this.sources.get(service);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => {
      const waiters = this.sourceWaiters.get(service) ?? new Set();
      waiters.add(() => resolve(this.sources.get(service) as Outbox));
      this.sourceWaiters.set(service, waiters);
    });
  }

  async subscribe(subscription: SubscribeOptions): Promise<Subscription> {
    const worker = new Worker(this, subscription, this.options);
    this.workers.add(worker);
    worker.start();
    return {
      stop: async () => {
        this.workers.delete(worker);
        await worker.stop();
      },
    };
  }

  withGroupLock<T>(group: string, source: string, work: () => Promise<T>): Promise<T> {
    return this.mutex.run(`${group}\u0000${source}`, work);
  }

  /** The group's checkpoint in a source; call it under the group's lock. */
  async checkpoint(group: string, source: string): Promise<Checkpoint> {
    const key = `${group}\u0000${source}`;
    const known = this.checkpoints.get(key);
    if (known) return known;
    const row = await this.db
      .selectFrom('bus_checkpoints')
      .select('position')
      .where('group_name', '=', group)
      .where('source', '=', source)
      .executeTakeFirst();
    const attempts = await this.db.selectFrom('bus_attempts').select('event_id').where('group_name', '=', group).execute();
    const position = Number(row?.position ?? 0);
    const loaded = { position, stored: position, attempted: new Set(attempts.map((attempt) => attempt.event_id)) };
    this.checkpoints.set(key, loaded);
    return loaded;
  }

  async storeCheckpoint(group: string, source: string, checkpoint: Checkpoint, position: number): Promise<void> {
    await this.db
      .insertInto('bus_checkpoints')
      .values({ group_name: group, source, position })
      .onConflict((oc) => oc.columns(['group_name', 'source']).doUpdateSet({ position, updated_at: sql<Date>`now()` }))
      .execute();
    checkpoint.position = position;
    checkpoint.stored = position;
  }

  async deadLetters(group: string): Promise<DeadLetter[]> {
    const rows = await this.db.selectFrom('bus_dead_letters').selectAll().where('group_name', '=', group).orderBy('id').execute();
    return rows.map((row) => {
      const event = row.event as StoredEvent & { recordedAt: string };
      return {
        group: row.group_name,
        subject: row.subject,
        event: { ...event, recordedAt: new Date(event.recordedAt) },
        error: row.error,
        attempts: row.attempts,
      };
    });
  }

  /** Under the group's lock: a pass in flight would otherwise store its checkpoint again after the reset. */
  async reset(group: string, source: string): Promise<void> {
    await this.withGroupLock(group, source, async () => {
      this.checkpoints.delete(`${group}\u0000${source}`);
      await this.db.deleteFrom('bus_checkpoints').where('group_name', '=', group).where('source', '=', source).execute();
      await this.db.deleteFrom('bus_attempts').where('group_name', '=', group).execute();
    });
  }

  async pending(group: string, source: string): Promise<number> {
    const outbox = this.sources.get(source);
    if (!outbox) return 0;
    const { position } = await this.withGroupLock(group, source, () => this.checkpoint(group, source));
    const result = await sql<{ n: number }>`select count(*)::int as n from events where position > ${position}`.execute(outbox.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers].map((worker) => worker.stop()));
    this.workers.clear();
  }
}

class Worker {
  private readonly wakeup = new Wakeup();
  /** The latest position this process's appends announced: committed, with everything below it. */
  private heard = 0;
  private running = false;
  // Its own signal, not the wakeup: a second sleeper on the wakeup would take the wakes meant for the loop.
  private signalStopped: () => void = () => {};
  private readonly stopped = new Promise<undefined>((resolve) => {
    this.signalStopped = () => resolve(undefined);
  });
  private loop: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly bus: InProcessBus,
    private readonly subscription: SubscribeOptions,
    private readonly options: InProcessBusOptions,
  ) {}

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.signalStopped();
    this.unsubscribe?.();
    this.wakeup.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    const outbox = await Promise.race([this.bus.sourceFor(this.subscription.source), this.stopped]);
    if (!outbox) return;
    const wanted = this.subscription.types ? new Set(this.subscription.types) : undefined;
    this.unsubscribe = outbox.onAppend((position, appended) => {
      this.heard = Math.max(this.heard, position);
      // A group that names its types has nothing to do for other events (its next pass steps over them), so it is
      // not woken for them: each wake costs a read on the shared database, and a source has many groups.
      if (!wanted || [...appended].some((type) => wanted.has(type))) this.wakeup.wake();
    });
    while (this.running) {
      try {
        const outcome = await this.bus.withGroupLock(this.subscription.group, this.subscription.source, () => this.pass(outbox));
        // PGlite answers on microtasks alone: without yielding, catching up on a backlog would starve timers and I/O.
        if (outcome === 'more') await yieldToEventLoop();
        else if (outcome === 'idle') await this.wakeup.wait(this.options.pollMs ?? 2000);
        else await this.backOff(outcome);
      } catch (error) {
        this.options.logger.warn({ err: error, group: this.subscription.group }, 'bus pass failed; will retry');
        await this.backOff(1000);
      }
    }
  }

  /** New appends must not cut a retry delay short; only stopping does. */
  private async backOff(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (this.running && Date.now() < until) await this.wakeup.wait(until - Date.now());
  }

  /**
   * Delivers a batch past the checkpoint. Returns 'more' when the batch was full, 'idle' when caught up, or a
   * delay in ms when an event failed and must be retried after backing off.
   */
  private async pass(outbox: Outbox): Promise<'more' | 'idle' | number> {
    const { group, source, types } = this.subscription;
    const batchSize = this.options.batchSize ?? 100;
    const checkpoint = await this.bus.checkpoint(group, source);
    // A group that names its types reads only those, up to a head (commits land in position order, so nothing can
    // appear below it later) and then stands at the head: the one announced when there is news, else the table's.
    const head = !types ? Number.POSITIVE_INFINITY : this.heard > checkpoint.position ? this.heard : await readHeadPosition(outbox.db);
    if (head <= checkpoint.position) return 'idle';
    const only = types ? { types, upTo: head } : undefined;
    const events = await readRawEventsAfter(outbox.db, source, checkpoint.position, batchSize, only);
    // Stored once for the events delivered in this pass, not after each: a crash delivers again the few events of
    // its last pass, which handlers take twice harmlessly (each is idempotent, as a redelivery requires anyway). At a
    // drop a statement per event per group was a tenth of everything the database was asked.
    let delivered: number | undefined;
    try {
      for (const event of events) {
        if (!this.running) return 'idle';
        const delay = await this.deliver(event, checkpoint);
        if (delay !== undefined) return delay;
        delivered = event.position;
      }
    } finally {
      if (delivered !== undefined) await this.bus.storeCheckpoint(group, source, checkpoint, delivered);
    }
    if (events.length === batchSize) return 'more';
    if (only) {
      checkpoint.position = head;
      // Skipping others' events needs no record at once (a restart would only skip them again); now and then saves rescans.
      if (head - checkpoint.stored >= batchSize) await this.bus.storeCheckpoint(group, source, checkpoint, head);
    }
    return 'idle';
  }

  /** Undefined when the event is done with (handled or dead-lettered); otherwise how long to wait before retrying. */
  private async deliver(event: StoredEvent, checkpoint: Checkpoint): Promise<number | undefined> {
    const { group, handle, maxAttempts = DEFAULT_MAX_ATTEMPTS } = this.subscription;
    const db = this.bus.db;
    try {
      await handle(event);
      if (checkpoint.attempted.delete(event.eventId)) {
        await db.deleteFrom('bus_attempts').where('group_name', '=', group).where('event_id', '=', event.eventId).execute();
      }
      return undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const row = await db
        .insertInto('bus_attempts')
        .values({ group_name: group, event_id: event.eventId, attempts: 1, last_error: message })
        .onConflict((oc) =>
          oc.columns(['group_name', 'event_id']).doUpdateSet({
            attempts: sql<number>`bus_attempts.attempts + 1`,
            last_error: message,
            updated_at: sql<Date>`now()`,
          }),
        )
        .returning('attempts')
        .executeTakeFirstOrThrow();
      checkpoint.attempted.add(event.eventId);
      const plan = retryPlan(error, row.attempts, maxAttempts, this.options.retryBaseMs);
      if (plan !== 'dead-letter') {
        this.options.logger.warn({ err: error, group, eventId: event.eventId, attempt: row.attempts }, 'event handling failed; will retry');
        return plan.delayMs;
      }
      this.options.logger.error({ err: error, group, eventId: event.eventId, attempts: row.attempts }, 'event dead-lettered');
      await db
        .insertInto('bus_dead_letters')
        .values({
          group_name: group,
          subject: deadLetterSubject(group, event),
          event: JSON.stringify(event),
          error: message,
          attempts: row.attempts,
        })
        .execute();
      await db.deleteFrom('bus_attempts').where('group_name', '=', group).where('event_id', '=', event.eventId).execute();
      checkpoint.attempted.delete(event.eventId);
      return undefined;
    }
  }
}
