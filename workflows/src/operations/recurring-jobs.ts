import type { Kysely } from 'kysely';
import {
  countRecurringRun,
  notPausedRecurring,
  type RecurringJobsTable,
  recurringJobRows,
  setRecurringJobPaused,
} from '../store/recurring-jobs.js';

export type { RecurringJobsTable };
export { notPausedRecurring };

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

  async setPaused(types: string[], paused: boolean, actor: string): Promise<void> {
    for (const type of types) {
      await setRecurringJobPaused(this.db, type, paused, actor);
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
    const rows = types.length === 0 ? [] : await recurringJobRows(this.db, types);
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
    await countRecurringRun(this.db, type, succeeded);
  }
}
