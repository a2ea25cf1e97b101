import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';

export interface SchedulerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobContext {
  type: string;
  key: string;
  attempt: number;
  scheduler: JobScheduler;
}

export type JobHandler = (payload: any, context: JobContext) => Promise<void>;

interface JobsTable {
  scheduled_jobs: {
    type: string;
    key: string;
    due_at: Date;
    payload: unknown;
    status: 'pending' | 'running' | 'done' | 'failed' | 'cancelled';
    attempts: number;
    last_error: string | null;
    claimed_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
}

export interface SchedulerOptions {
  pollMs?: number;
  batchSize?: number;
  /**
   * How many steps of a claimed batch run at once. Steps wait mostly on I/O (the database, the payment gateway), so
   * running them one after another left a burst of due timeouts minutes late. Steps sharing a key (a payment's
   * at-risk mark and its timeout) still run one after the other, in due order.
   */
  concurrency?: number;
  /** The share of the event loop's time a run of batches may take (default 0.7; 1 never rests). See `breathe`. */
  maxLoopShare?: number;
  /** How the scheduler waits out a rest between batches (tests watch it). */
  rest?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  /** A claimed job not finished after this long is taken again (its runner died). */
  staleClaimMs?: number;
  logger: SchedulerLogger;
}

export interface RecurringJob {
  type: string;
  everySeconds: number;
}

export interface SchedulerStats {
  isRunning: boolean;
  successCount: number;
  errorCount: number;
  lastRunTime: string | null;
  jobs: string[];
  startedAt: string;
}

/** The longest rest between two batches (see `breathe`): a loop kept busy by something else must not stop the steps. */
const MAX_REST_MS = 1000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const schedulerMigrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * The embedded workflow driver: durable timers in the service's own database. A step is a row (type, key) due at
 * a time; the runner claims due rows with SKIP LOCKED (so each step runs once across instances), runs the handler,
 * and retries with backoff when it throws. Nothing is lost in a crash: an unfinished row is simply run again, so
 * handlers must be idempotent (they are: each re-reads state and decides).
 */
export class JobScheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring = new Map<string, RecurringJob>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private paused = false;
  private readonly stats = { successCount: 0, errorCount: 0, lastRunTime: null as Date | null, startedAt: new Date() };

  constructor(
    private readonly db: Kysely<any>,
    private readonly options: SchedulerOptions,
  ) {}

  private get jobs(): Kysely<JobsTable> {
    return this.db as Kysely<JobsTable>;
  }

  register(type: string, handler: JobHandler): this {
    if (this.handlers.has(type)) throw new Error(`two handlers for job ${type}`);
    this.handlers.set(type, handler);
    return this;
  }

  /** A job that runs every `everySeconds` (the reconciliation): scheduled on start, and again after each run. */
  every(type: string, everySeconds: number, handler: JobHandler): this {
    this.recurring.set(type, { type, everySeconds });
    return this.register(type, handler);
  }

  /**
   * Schedules step (type, key) at `dueAt`. An existing pending step is moved to the new time unless `onlyIfAbsent`.
   * A finished step is scheduled again. A running step is left alone, so a handler gives each successor step a key
   * of its own (for example with the cycle and attempt in it) rather than rescheduling itself.
   */
  async schedule(type: string, key: string, dueAt: Date, payload: unknown = {}, options: { onlyIfAbsent?: boolean } = {}): Promise<void> {
    const db = this.jobs;
    await db
      .insertInto('scheduled_jobs')
      .values({
        type,
        key,
        due_at: dueAt,
        payload: JSON.stringify(payload),
        status: 'pending',
        attempts: 0,
        last_error: null,
        claimed_at: null,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .onConflict((oc) => {
        const update = oc.columns(['type', 'key']).doUpdateSet({
          due_at: dueAt,
          payload: JSON.stringify(payload),
          status: 'pending',
          attempts: 0,
          last_error: null,
          claimed_at: null,
          updated_at: new Date(),
        });
        // A running step is never reset from outside: it will finish and, if needed, schedule its successor.
        return options.onlyIfAbsent
          ? update.where('scheduled_jobs.status', 'in', ['done', 'failed', 'cancelled'])
          : update.where('scheduled_jobs.status', '!=', 'running');
      })
      .execute();
    this.kick();
  }

  async cancel(type: string, key: string): Promise<void> {
    await this.jobs
      .updateTable('scheduled_jobs')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('type', '=', type)
      .where('key', '=', key)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Cancels every pending step whose key starts with `prefix` (all the steps of one subscription, say). */
  async cancelByPrefix(prefix: string, types?: string[]): Promise<void> {
    let query = this.jobs
      .updateTable('scheduled_jobs')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('key', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      .where('status', '=', 'pending');
    if (types) query = query.where('type', 'in', types);
    await query.execute();
  }

  async pending(type?: string): Promise<{ type: string; key: string; due_at: Date; payload: unknown }[]> {
    let query = this.jobs.selectFrom('scheduled_jobs').select(['type', 'key', 'due_at', 'payload']).where('status', '=', 'pending');
    if (type) query = query.where('type', '=', type);
    return query.orderBy('due_at').execute();
  }

  async start(): Promise<void> {
    for (const job of this.recurring.values()) {
      await this.schedule(job.type, 'recurring', new Date(Date.now() + job.everySeconds * 1000), {}, { onlyIfAbsent: true });
    }
    this.paused = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Pauses the recurring schedules (an operator's "stop"); one-off steps such as payment timeouts keep running. */
  pauseRecurring(): void {
    this.paused = true;
  }

  resumeRecurring(): void {
    this.paused = false;
    this.kick();
  }

  get isPaused(): boolean {
    return this.paused;
  }

  status(): SchedulerStats {
    return {
      isRunning: this.timer !== undefined && !this.paused,
      successCount: this.stats.successCount,
      errorCount: this.stats.errorCount,
      lastRunTime: this.stats.lastRunTime?.toISOString() ?? null,
      jobs: [...this.recurring.keys()],
      startedAt: this.stats.startedAt.toISOString(),
    };
  }

  /** Runs a recurring job now, outside its schedule (an operator's "trigger"). */
  async runNow(type: string, payload: unknown = {}): Promise<void> {
    const handler = this.handlers.get(type);
    if (!handler) throw new Error(`no job ${type}`);
    await this.execute(type, 'manual', payload, 1, handler);
  }

  kick(): void {
    if (this.running || this.timer === undefined) return;
    this.running = this.drain()
      .then(() => undefined)
      .catch((error) => this.options.logger.warn({ err: error }, 'scheduler pass failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Runs every due step, batch after batch. Exposed for tests that drive time themselves. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const since = performance.eventLoopUtilization();
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      await this.runBatch(claimed);
      total += claimed.length;
      // PGlite answers on microtasks: let timers and I/O in between batches.
      await new Promise((resolve) => setImmediate(resolve));
      await this.breathe(since);
    }
  }

  /**
   * A wave of due steps (a thousand payments timing out together) would keep the process's one thread busy until it
   * is through, with requests waiting behind it. So after a batch that kept the event loop busier than
   * `maxLoopShare`, the scheduler rests long enough to bring the batch and its rest down to that share: members'
   * requests and the steps' own consequences get the rest of the thread, and the process stays under one core
   * (issue 8). A loop that mostly waited (a PostgreSQL database does the work elsewhere) does not rest.
   */
  private async breathe(since: ReturnType<typeof performance.eventLoopUtilization>): Promise<void> {
    const { active, idle } = performance.eventLoopUtilization(since);
    const restMs = Math.min(MAX_REST_MS, active / (this.options.maxLoopShare ?? 0.7) - (active + idle));
    if (restMs >= 1 && this.timer !== undefined) await (this.options.rest ?? sleep)(restMs);
  }

  private async runBatch(claimed: JobsTable['scheduled_jobs'][]): Promise<void> {
    const byKey = new Map<string, JobsTable['scheduled_jobs'][]>();
    // UPDATE ... RETURNING gives no order: due order within a key comes from sorting.
    const inDueOrder = [...claimed].sort((a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime());
    for (const job of inDueOrder) byKey.set(job.key, [...(byKey.get(job.key) ?? []), job]);
    const lanes = [...byKey.values()];
    const worker = async () => {
      for (let lane = lanes.shift(); lane; lane = lanes.shift()) {
        for (const job of lane) {
          const handler = this.handlers.get(job.type);
          if (handler) await this.runClaimed(job, handler);
          else await this.finish(job.type, job.key, 'failed', `no handler for ${job.type}`);
        }
      }
    };
    const workers = Math.min(this.options.concurrency ?? 8, lanes.length);
    await Promise.all(Array.from({ length: workers }, worker));
  }

  private async claim() {
    const excluded = this.paused ? [...this.recurring.keys()] : [];
    const staleSeconds = Math.round((this.options.staleClaimMs ?? 5 * 60_000) / 1000);
    const result = await sql<JobsTable['scheduled_jobs']>`
      update scheduled_jobs set status = 'running', claimed_at = now(), attempts = attempts + 1, updated_at = now()
      where (type, key) in (
        select type, key from scheduled_jobs
        where due_at <= now()
          and (status = 'pending' or (status = 'running' and claimed_at < now() - make_interval(secs => ${staleSeconds})))
          ${excluded.length > 0 ? sql`and type not in (${sql.join(excluded)})` : sql``}
        order by due_at
        limit ${this.options.batchSize ?? 100}
        for update skip locked
      )
      returning *`.execute(this.db);
    return result.rows;
  }

  private async runClaimed(job: JobsTable['scheduled_jobs'], handler: JobHandler): Promise<void> {
    const ok = await this.execute(job.type, job.key, job.payload, job.attempts, handler);
    const recurring = this.recurring.get(job.type);
    if (ok || recurring) {
      await this.finish(job.type, job.key, ok ? 'done' : 'failed', ok ? null : 'failed; next run as scheduled');
      if (recurring) await this.schedule(job.type, job.key, new Date(Date.now() + recurring.everySeconds * 1000));
      return;
    }
    const maxAttempts = this.options.maxAttempts ?? 8;
    if (job.attempts >= maxAttempts) {
      await this.finish(job.type, job.key, 'failed', 'gave up');
      return;
    }
    const backoffMs = Math.min(15 * 60_000, 1000 * 2 ** job.attempts);
    await this.jobs
      .updateTable('scheduled_jobs')
      .set({ status: 'pending', due_at: new Date(Date.now() + backoffMs), claimed_at: null, updated_at: new Date() })
      .where('type', '=', job.type)
      .where('key', '=', job.key)
      .where('status', '=', 'running')
      .execute();
  }

  private async execute(type: string, key: string, payload: unknown, attempt: number, handler: JobHandler): Promise<boolean> {
    this.stats.lastRunTime = new Date();
    try {
      await handler(payload, { type, key, attempt, scheduler: this });
      this.stats.successCount++;
      return true;
    } catch (error) {
      this.stats.errorCount++;
      this.options.logger.warn({ err: error, job: type, key, attempt }, 'scheduled step failed');
      await this.jobs
        .updateTable('scheduled_jobs')
        .set({ last_error: String(error instanceof Error ? error.message : error).slice(0, 500) })
        .where('type', '=', type)
        .where('key', '=', key)
        .execute();
      return false;
    }
  }

  // A step that scheduled its own successor under the same key is pending again: leave that row alone.
  private async finish(type: string, key: string, status: 'done' | 'failed', error: string | null): Promise<void> {
    await this.jobs
      .updateTable('scheduled_jobs')
      .set({ status, last_error: error, claimed_at: null, updated_at: new Date() })
      .where('type', '=', type)
      .where('key', '=', key)
      .where('status', '=', 'running')
      .execute();
  }
}
