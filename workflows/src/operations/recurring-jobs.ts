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

export interface RecurringSummary {
  /** An operator stopped them (every listed job is paused). */
  paused: boolean;
  successCount: number;
  errorCount: number;
  lastRunTime: string | null;
}

/**
 * The recurring jobs (the reconciliation) as operators control and watch them, in the service's own database
 * (docs/decisions/0034). The stop lives here rather than in one process's memory, so it holds after a restart and
 * on every instance: the embedded driver reads it each time it claims due steps. The run counts and the last run
 * count every run wherever it ran (an instance's schedule, Temporal's schedule through the step endpoint, or a
 * manual trigger), so the Cron page shows the same figures whichever instance answers.
 */
export class RecurringJobs {
  constructor(private readonly db: Kysely<any>) {}

  private get table(): Kysely<RecurringJobsTable> {
    return this.db as Kysely<RecurringJobsTable>;
  }

  async setPaused(types: string[], paused: boolean, actor: string): Promise<void> {
    for (const type of types) {
      await this.table
        .insertInto('recurring_jobs')
        .values({ type, paused, changed_by: actor, changed_at: new Date(), success_count: 0, error_count: 0, last_run_at: null })
        .onConflict((oc) => oc.column('type').doUpdateSet({ paused, changed_by: actor, changed_at: new Date() }))
        .execute();
    }
  }

  /** Runs `run` as one run of the job: its success or failure is counted, and it is the job's last run. */
  async track<T>(type: string, run: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      await this.count(type, false);
      throw error;
    }
    await this.count(type, true);
    return result;
  }

  async summary(types: string[]): Promise<RecurringSummary> {
    const rows = types.length === 0 ? [] : await this.table.selectFrom('recurring_jobs').selectAll().where('type', 'in', types).execute();
    const lastRun = rows.reduce<Date | null>(
      (last, row) => (row.last_run_at && (!last || row.last_run_at > last) ? row.last_run_at : last),
      null,
    );
    return {
      paused: types.length > 0 && types.every((type) => rows.find((row) => row.type === type)?.paused === true),
      successCount: rows.reduce((sum, row) => sum + Number(row.success_count), 0),
      errorCount: rows.reduce((sum, row) => sum + Number(row.error_count), 0),
      lastRunTime: lastRun?.toISOString() ?? null,
    };
  }

  private async count(type: string, succeeded: boolean): Promise<void> {
    await this.table
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
}

/** The SQL condition a claim adds so that a paused recurring job is not taken, whichever instance claims. */
export const notPausedRecurring = sql`type not in (select type from recurring_jobs where paused)`;
