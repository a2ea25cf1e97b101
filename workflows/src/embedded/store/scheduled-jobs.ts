import type { ProcessInstance } from '@elts/platform';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { notPausedRecurring } from '../../store/recurring-jobs.js';

export interface JobsTable {
  scheduled_jobs: {
    type: string;
    key: string;
    due_at: Date;
    payload: unknown;
    /** `abandoned`: an operator gave it up. `failed`: a recurring run that failed (its next run is scheduled). */
    status: 'pending' | 'running' | 'done' | 'failed' | 'cancelled' | 'abandoned';
    attempts: number;
    last_error: string | null;
    claimed_at: Date | null;
    /** The instance holding a running step's claim (decision 0080), and the run of it that claimed it. */
    claimed_by: string | null;
    claimed_in_run: string | null;
    created_at: Date;
    updated_at: Date;
  };
}

export type JobRow = JobsTable['scheduled_jobs'];

type JobsExpressions = ExpressionBuilder<JobsTable, 'scheduled_jobs'>;
/** A step dropped after its eighth attempt, before steps retried until a person decides (decision 0034). */
const droppedBefore0034 = (eb: JobsExpressions) => eb.and([eb('status', '=', 'failed'), eb('last_error', '=', 'gave up')]);
/** A step still to run: waiting for its time, being tried now, or dropped before decision 0034 (waits for a person). */
const unfinished = (eb: JobsExpressions) => eb.or([eb('status', 'in', ['pending', 'running']), droppedBefore0034(eb)]);

const jobs = (db: Kysely<any>) => db as Kysely<JobsTable>;

/** A step no one is running holds no claim. */
const NO_CLAIM = { claimed_at: null, claimed_by: null, claimed_in_run: null };

/**
 * Writes step (type, key) as pending at `dueAt`. An existing step is reset to it unless it is running, or (with
 * `onlyIfAbsent`) unless it is still to run; with `againIfRunning`, a running step is reset too, so it runs once more
 * after the attempt under way (whose end leaves a pending step alone).
 */
export async function upsertJob(
  db: Kysely<any>,
  type: string,
  key: string,
  dueAt: Date,
  payload: unknown,
  onlyIfAbsent: boolean,
  againIfRunning = false,
): Promise<void> {
  // What a (re)scheduled step starts from, whether it is new or reset.
  const fresh = {
    due_at: dueAt,
    payload: JSON.stringify(payload),
    status: 'pending' as const,
    attempts: 0,
    last_error: null,
    ...NO_CLAIM,
    updated_at: new Date(),
  };
  await jobs(db)
    .insertInto('scheduled_jobs')
    .values({ type, key, ...fresh, created_at: fresh.updated_at })
    .onConflict((oc) => {
      const update = oc.columns(['type', 'key']).doUpdateSet(fresh);
      // A running step is not reset from outside unless asked: it will finish and, if needed, schedule its successor.
      if (onlyIfAbsent) return update.where('scheduled_jobs.status', 'in', ['done', 'failed', 'cancelled']);
      return againIfRunning ? update : update.where('scheduled_jobs.status', '!=', 'running');
    })
    .execute();
}

export async function cancelPendingJob(db: Kysely<any>, type: string, key: string): Promise<void> {
  await jobs(db)
    .updateTable('scheduled_jobs')
    .set({ status: 'cancelled', updated_at: new Date() })
    .where('type', '=', type)
    .where('key', '=', key)
    .where('status', '=', 'pending')
    .execute();
}

/** Cancels every pending step whose key starts with `prefix` (of these types, when given). */
export async function cancelPendingJobsByPrefix(db: Kysely<any>, prefix: string, types?: string[]): Promise<void> {
  let query = jobs(db)
    .updateTable('scheduled_jobs')
    .set({ status: 'cancelled', updated_at: new Date() })
    .where('key', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .where('status', '=', 'pending');
  if (types) query = query.where('type', 'in', types);
  await query.execute();
}

/** Pending steps (of one type, when given), earliest due first. */
export function pendingJobs(db: Kysely<any>, type?: string): Promise<{ type: string; key: string; due_at: Date; payload: unknown }[]> {
  let query = jobs(db).selectFrom('scheduled_jobs').select(['type', 'key', 'due_at', 'payload']).where('status', '=', 'pending');
  if (type) query = query.where('type', '=', type);
  return query.orderBy('due_at').execute();
}

/** When the earliest pending step of these types is due. */
export function earliestPendingDue(db: Kysely<any>, types: string[]) {
  return jobs(db)
    .selectFrom('scheduled_jobs')
    .select((eb) => eb.fn.min('due_at').as('due_at'))
    .where('type', 'in', types)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Steps still to run that failed at least `threshold` times (or were dropped before 0034), most attempts first. */
export function failingJobs(db: Kysely<any>, threshold: number, limit: number): Promise<JobRow[]> {
  return jobs(db)
    .selectFrom('scheduled_jobs')
    .selectAll()
    .where((eb) => eb.and([unfinished(eb), eb.or([eb('attempts', '>=', threshold), eb('status', '=', 'failed')])]))
    .orderBy('attempts', 'desc')
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

/** Makes a pending (or pre-0034 dropped) step due now. */
export async function makeJobDueNow(db: Kysely<any>, type: string, key: string): Promise<void> {
  await jobs(db)
    .updateTable('scheduled_jobs')
    .set({ status: 'pending', due_at: new Date(), ...NO_CLAIM, updated_at: new Date() })
    .where('type', '=', type)
    .where('key', '=', key)
    .where((eb) => eb.or([eb('status', '=', 'pending'), droppedBefore0034(eb)]))
    .execute();
}

/** Marks a step still to run as given up by `actor`; whether it was still to run. */
export async function abandonJob(db: Kysely<any>, type: string, key: string, actor: string): Promise<boolean> {
  const result = await jobs(db)
    .updateTable('scheduled_jobs')
    .set({
      status: 'abandoned',
      last_error: sql<string>`left(${`Given up by ${actor}; last error: `} || coalesce(last_error, 'none'), 500)`,
      updated_at: new Date(),
    })
    .where('type', '=', type)
    .where('key', '=', key)
    .where(unfinished)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The step, if it is still to run. */
export function findUnfinishedJob(db: Kysely<any>, type: string, key: string): Promise<JobRow | undefined> {
  return jobs(db)
    .selectFrom('scheduled_jobs')
    .selectAll()
    .where('type', '=', type)
    .where('key', '=', key)
    .where(unfinished)
    .executeTakeFirst();
}

/**
 * Claims up to `batchSize` due steps (and ones whose claim is older than `staleSeconds`), earliest due first,
 * skipping rows another instance holds and paused recurring jobs: each is marked running by `claimer`, its attempts
 * counted.
 */
export async function claimDueJobs(db: Kysely<any>, claimer: ProcessInstance, staleSeconds: number, batchSize: number): Promise<JobRow[]> {
  const result = await sql<JobRow>`
      update scheduled_jobs set status = 'running', claimed_at = now(), claimed_by = ${claimer.name},
        claimed_in_run = ${claimer.run}, attempts = attempts + 1, updated_at = now()
      where (type, key) in (
        select type, key from scheduled_jobs
        where due_at <= now()
          and (status = 'pending' or (status = 'running' and claimed_at < now() - make_interval(secs => ${staleSeconds})))
          and ${notPausedRecurring}
        order by due_at
        limit ${batchSize}
        for update skip locked
      )
      returning *`.execute(db);
  return result.rows;
}

/**
 * The steps an earlier run of `claimer`'s instance was running when it died, pending again (they were due when
 * claimed, so they run at the next claim): no lease to wait out, since that run is over if this one has its name.
 * The attempt stays counted. Which steps were taken back.
 */
export async function takeBackClaimsOfEarlierRuns(db: Kysely<any>, claimer: ProcessInstance): Promise<{ type: string; key: string }[]> {
  return jobs(db)
    .updateTable('scheduled_jobs')
    .set({ status: 'pending', ...NO_CLAIM, updated_at: new Date() })
    .where('status', '=', 'running')
    .where('claimed_by', '=', claimer.name)
    .where('claimed_in_run', '!=', claimer.run)
    .returning(['type', 'key'])
    .execute();
}

/** A running step waits again, until `dueAt`. */
export async function retryRunningJobAt(db: Kysely<any>, type: string, key: string, dueAt: Date): Promise<void> {
  await jobs(db)
    .updateTable('scheduled_jobs')
    .set({ status: 'pending', due_at: dueAt, ...NO_CLAIM, updated_at: new Date() })
    .where('type', '=', type)
    .where('key', '=', key)
    .where('status', '=', 'running')
    .execute();
}

/** Notes a running step's error (a step given up meanwhile keeps its record of who gave it up). */
export async function noteRunningJobError(db: Kysely<any>, type: string, key: string, error: string): Promise<void> {
  await jobs(db)
    .updateTable('scheduled_jobs')
    .set({ last_error: error })
    .where('type', '=', type)
    .where('key', '=', key)
    .where('status', '=', 'running')
    .execute();
}

/** Ends a running step as done or failed (a step that scheduled its successor under its key is pending: left alone). */
export async function finishRunningJob(
  db: Kysely<any>,
  type: string,
  key: string,
  status: 'done' | 'failed',
  error: string | null,
): Promise<void> {
  await jobs(db)
    .updateTable('scheduled_jobs')
    .set({ status, last_error: error, ...NO_CLAIM, updated_at: new Date() })
    .where('type', '=', type)
    .where('key', '=', key)
    .where('status', '=', 'running')
    .execute();
}
