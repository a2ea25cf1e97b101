import { performance } from 'node:perf_hooks';
import { type Clock, type ProcessInstance, systemClock, thisInstance } from '@elts/platform';
import type { Kysely } from 'kysely';
import { type FailingStep, listedStep } from '../operations/failing-steps.js';
import { RecurringJobs } from '../operations/recurring-jobs.js';
import { DEFAULT_FAILING_AFTER_ATTEMPTS, retryDelayMs, STEP_RETRY, type StepRetryRule } from '../operations/step-retry.js';
import {
  abandonJob,
  cancelPendingJob,
  cancelPendingJobsByPrefix,
  claimDueJobs,
  earliestPendingDue,
  failingJobs,
  findUnfinishedJob,
  finishRunningJob,
  type JobRow,
  makeJobDueNow,
  noteRunningJobError,
  pendingJobs,
  retryRunningJobAt,
  takeBackClaimsOfEarlierRuns,
  upsertJob,
} from './store/scheduled-jobs.js';

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

export interface SchedulerOptions {
  pollMs?: number;
  batchSize?: number;
  /**
   * How many steps of a claimed batch run at once. Steps wait mostly on I/O (the database, the payment gateway), so
   * running them one after another left a burst of due timeouts minutes late. Steps sharing a key still run one
   * after the other, in due order.
   */
  concurrency?: number;
  /** The share of the event loop's time a run of batches may take (default 0.7; 1 never rests). See `breathe`. */
  maxLoopShare?: number;
  /** How the scheduler waits out a rest between batches (tests watch it). */
  rest?: (ms: number) => Promise<void>;
  /** The waits between a failing step's attempts (default `STEP_RETRY`: from 2 s doubling to 15 min; tests shorten it). */
  retry?: StepRetryRule;
  /** From this many failed attempts a step's failures are logged as errors (it is failing; docs/decisions/0034). */
  failingAfterAttempts?: number;
  /**
   * A claimed job not finished after this long is taken again by any instance (its runner died, and did not come
   * back under its name to take it back at once).
   */
  staleClaimMs?: number;
  /**
   * Who this scheduler claims steps as: by default the process's instance (packages/platform's `thisInstance()`,
   * named at start-up). On start it takes back at once what an earlier run of the same instance left running
   * (decision 0080). Tests give two schedulers in one process names of their own.
   */
  instance?: ProcessInstance;
  /**
   * When a recurring job's next run falls (default `systemClock`). A failing step's back-off wait is measured on the
   * system's clock, and due steps are claimed by the database's `now()`.
   */
  clock?: Clock;
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
  /** When the next recurring run is due; null while they are stopped. */
  nextRunTime: string | null;
  jobs: string[];
}

/** The longest rest between two batches (see `breathe`): a loop kept busy by something else must not stop the steps. */
const MAX_REST_MS = 1000;
function failingStep(row: JobRow): FailingStep {
  return listedStep({
    type: row.type,
    key: row.key,
    payload: row.payload,
    subjectFallback: row.key,
    attempts: row.attempts,
    lastError: row.last_error,
    // Being tried now (running): now; dropped before decision 0034: never, until a person decides.
    nextAttemptAt: row.status === 'failed' ? null : new Date(row.status === 'running' ? (row.claimed_at ?? row.due_at) : row.due_at),
  });
}
const succeeded = (run: Promise<unknown>) =>
  run.then(
    () => true,
    () => false,
  );
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The embedded workflow driver: durable timers in the service's own database. A step is a row (type, key) due at
 * a time; the runner claims due rows with SKIP LOCKED (so each step runs once across instances), runs the handler,
 * and retries with backoff when it throws, until it succeeds or an operator gives it up: a step is never dropped by
 * a count of attempts (docs/decisions/0034). Nothing is lost in a crash: an unfinished row is simply run again, so
 * handlers must be idempotent (they are: each re-reads state and decides).
 */
export class JobScheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring = new Map<string, RecurringJob>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** The recurring jobs' stop and run counts, stored so that every instance sees them. */
  readonly recurringJobs: RecurringJobs;

  constructor(
    private readonly db: Kysely<any>,
    private readonly options: SchedulerOptions,
  ) {
    this.recurringJobs = new RecurringJobs(db);
  }

  private now(): Date {
    return (this.options.clock ?? systemClock).now();
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
   * of its own (for example with the cycle and attempt in it) rather than rescheduling itself. `againIfRunning`
   * asks for a running step to run once more after (it may then start before the attempt under way ends: only for
   * a step whose handler is safe run twice at once). With `db` (a transaction), the step is written in it and commits
   * with the change that called for it.
   */
  async schedule(
    type: string,
    key: string,
    dueAt: Date,
    payload: unknown = {},
    options: { onlyIfAbsent?: boolean; againIfRunning?: boolean; db?: Kysely<any> } = {},
  ): Promise<void> {
    await upsertJob(options.db ?? this.db, type, key, dueAt, payload, options.onlyIfAbsent ?? false, options.againIfRunning ?? false);
    // Only a step due now is worth a claim at once; a later one is found by the poll. At a drop every reservation
    // schedules steps due in 15 and 30 minutes, and a claim each would be a statement each for nothing.
    if (dueAt.getTime() <= this.now().getTime()) this.kick();
  }

  /** Cancels a pending step; with `db` (a transaction), as part of it. */
  async cancel(type: string, key: string, options: { db?: Kysely<any> } = {}): Promise<void> {
    await cancelPendingJob(options.db ?? this.db, type, key);
  }

  /** Cancels every pending step whose key starts with `prefix` (all the steps of one subscription, say). */
  async cancelByPrefix(prefix: string, types?: string[], options: { db?: Kysely<any> } = {}): Promise<void> {
    await cancelPendingJobsByPrefix(options.db ?? this.db, prefix, types);
  }

  async pending(type?: string): Promise<{ type: string; key: string; due_at: Date; payload: unknown }[]> {
    return pendingJobs(this.db, type);
  }

  async start(): Promise<void> {
    // Whatever an earlier run of this instance was running when it died runs again now, not after the lease.
    const takenBack = await takeBackClaimsOfEarlierRuns(this.db, this.claimer());
    if (takenBack.length > 0) {
      this.options.logger.warn(
        { instance: this.claimer().name, steps: takenBack.map(({ type, key }) => `${type} ${key}`) },
        'took back the steps this instance was running when it stopped',
      );
    }
    for (const job of this.recurring.values()) {
      await this.schedule(job.type, 'recurring', new Date(this.now().getTime() + job.everySeconds * 1000), {}, { onlyIfAbsent: true });
    }
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * An operator's stop (true) or restart (false) of the recurring jobs, on every instance and across restarts: the
   * claim reads the stored state. One-off steps such as payment timeouts keep running.
   */
  async setRecurringPaused(paused: boolean, actor: string): Promise<void> {
    await this.recurringJobs.setPaused([...this.recurring.keys()], paused, actor);
    if (!paused) this.kick();
  }

  async status(): Promise<SchedulerStats> {
    const jobs = [...this.recurring.keys()];
    const { paused, ...runs } = await this.recurringJobs.summary(jobs);
    const next = jobs.length === 0 || paused ? undefined : await earliestPendingDue(this.db, jobs);
    return {
      isRunning: this.timer !== undefined && !paused,
      ...runs,
      nextRunTime: next?.due_at ? new Date(next.due_at).toISOString() : null,
      jobs,
    };
  }

  /** Runs a job now, outside its schedule (tests drive a recurring job so); a recurring job's run is counted. */
  async runNow(type: string, payload: unknown = {}): Promise<void> {
    const handler = this.handlers.get(type);
    if (!handler) throw new Error(`no job ${type}`);
    const run = () => handler(payload, { type, key: 'manual', attempt: 1, scheduler: this });
    await (this.recurring.has(type) ? this.recurringJobs.track(type, run) : run());
  }

  /**
   * Steps that failed at least `threshold` times and are still to run: the Cron page's failing steps, longest
   * failing first. Also the steps dropped after 8 attempts before decision 0034, which wait for a person.
   */
  async failing(threshold: number, limit = 50): Promise<FailingStep[]> {
    const rows = await failingJobs(this.db, threshold, limit);
    return rows.map(failingStep);
  }

  /**
   * Runs a step at once (an operator's "retry now"): the step as it was, or null when it is not to run (succeeded,
   * given up, unknown). One being tried at this moment is left to that attempt.
   */
  async retryNow(type: string, key: string): Promise<FailingStep | null> {
    const step = await this.unfinished(type, key);
    if (!step) return null;
    await makeJobDueNow(this.db, type, key);
    this.kick();
    return step;
  }

  /**
   * An operator decides a step will not run again: the step as it was, or null when it is not to run anyway. An
   * attempt under way finishes, but is not followed by another.
   */
  async giveUp(type: string, key: string, actor: string): Promise<FailingStep | null> {
    const step = await this.unfinished(type, key);
    if (!step) return null;
    return (await abandonJob(this.db, type, key, actor)) ? step : null;
  }

  private async unfinished(type: string, key: string): Promise<FailingStep | null> {
    const row = await findUnfinishedJob(this.db, type, key);
    return row ? failingStep(row) : null;
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

  private async runBatch(claimed: JobRow[]): Promise<void> {
    const byKey = new Map<string, JobRow[]>();
    // UPDATE ... RETURNING gives no order: due order within a key comes from sorting.
    const inDueOrder = [...claimed].sort((a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime());
    for (const job of inDueOrder) byKey.set(job.key, [...(byKey.get(job.key) ?? []), job]);
    const lanes = [...byKey.values()];
    const worker = async () => {
      for (let lane = lanes.shift(); lane; lane = lanes.shift()) {
        for (const job of lane) await this.runClaimed(job);
      }
    };
    const workers = Math.min(this.options.concurrency ?? 8, lanes.length);
    await Promise.all(Array.from({ length: workers }, worker));
  }

  private claimer(): ProcessInstance {
    return this.options.instance ?? thisInstance();
  }

  private async claim() {
    const staleSeconds = Math.round((this.options.staleClaimMs ?? 5 * 60_000) / 1000);
    return claimDueJobs(this.db, this.claimer(), staleSeconds, this.options.batchSize ?? 100);
  }

  private async runClaimed(job: JobRow): Promise<void> {
    const recurring = this.recurring.get(job.type);
    const run = () => this.execute(job);
    // A recurring job's run is also counted for the Cron page (its success rate and last run).
    const ok = await succeeded(recurring ? this.recurringJobs.track(job.type, run) : run());
    if (ok || recurring) {
      await this.finish(job.type, job.key, ok ? 'done' : 'failed', ok ? null : 'failed; next run as scheduled');
      if (recurring) await this.schedule(job.type, job.key, new Date(this.now().getTime() + recurring.everySeconds * 1000));
      return;
    }
    // Never dropped: tried again after a wait that doubles up to the rule's maximum, until it succeeds or an
    // operator gives it up (the Cron page lists it once it has failed often).
    await retryRunningJobAt(
      this.db,
      job.type,
      job.key,
      new Date(Date.now() + retryDelayMs(job.attempts, this.options.retry ?? STEP_RETRY)),
    );
  }

  /** Runs a claimed step's handler; a failure is written to its row (and thrown) so that operators see why. */
  private async execute(job: JobRow): Promise<void> {
    const { type, key, attempts } = job;
    try {
      const handler = this.handlers.get(type);
      // A row of a type this version does not know (written by a newer instance) waits for one that does.
      if (!handler) throw new Error(`no handler for ${type}`);
      await handler(job.payload, { type, key, attempt: attempts, scheduler: this });
    } catch (error) {
      const failing = attempts >= (this.options.failingAfterAttempts ?? DEFAULT_FAILING_AFTER_ATTEMPTS);
      this.options.logger[failing ? 'error' : 'warn'](
        { err: error, job: type, key, attempt: attempts },
        failing ? 'scheduled step failing: retried until it succeeds or an operator gives it up' : 'scheduled step failed',
      );
      // Given up meanwhile: its record of who gave it up stays.
      await noteRunningJobError(this.db, type, key, String(error instanceof Error ? error.message : error).slice(0, 500));
      throw error;
    }
  }

  // A step that scheduled its own successor under the same key is pending again: leave that row alone.
  private async finish(type: string, key: string, status: 'done' | 'failed', error: string | null): Promise<void> {
    await finishRunningJob(this.db, type, key, status, error);
  }
}
