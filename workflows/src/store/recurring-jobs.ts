import { type Kysely, sql } from 'kysely';

export interface RecurringJobsTable {
  recurring_jobs: {
    type: string;
    paused: boolean;
    changed_by: string | null;
    changed_at: Date | null;
    success_count: number;
    error_count: number;
    last_run_at: Date | null;
  };
}

const table = (db: Kysely<any>) => db as Kysely<RecurringJobsTable>;

/** Stops (or restarts) a recurring job, noting who did and when. */
export async function setRecurringJobPaused(db: Kysely<any>, type: string, paused: boolean, actor: string): Promise<void> {
  await table(db)
    .insertInto('recurring_jobs')
    .values({ type, paused, changed_by: actor, changed_at: new Date(), success_count: 0, error_count: 0, last_run_at: null })
    .onConflict((oc) => oc.column('type').doUpdateSet({ paused, changed_by: actor, changed_at: new Date() }))
    .execute();
}

/** Counts one run of the job, a success or a failure, as its last run. */
export async function countRecurringRun(db: Kysely<any>, type: string, succeeded: boolean): Promise<void> {
  await table(db)
    .insertInto('recurring_jobs')
    .values({
      type,
      paused: false,
      changed_by: null,
      changed_at: null,
      success_count: succeeded ? 1 : 0,
      error_count: succeeded ? 0 : 1,
      last_run_at: new Date(),
    })
    .onConflict((oc) =>
      oc.column('type').doUpdateSet({
        success_count: sql`recurring_jobs.success_count + excluded.success_count`,
        error_count: sql`recurring_jobs.error_count + excluded.error_count`,
        last_run_at: sql`excluded.last_run_at`,
      }),
    )
    .execute();
}

export function recurringJobRows(db: Kysely<any>, types: string[]) {
  return table(db).selectFrom('recurring_jobs').selectAll().where('type', 'in', types).execute();
}

/** The SQL condition a claim adds so that a paused recurring job is not taken, whichever instance claims. */
export const notPausedRecurring = sql`type not in (select type from recurring_jobs where paused)`;
