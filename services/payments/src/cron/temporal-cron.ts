import { conflict } from '@elts/platform';
import { type RecurringJobs, STEP, type TemporalStepFailures, waitingStep } from '@elts/workflows';
import type { TemporalOperations } from '@elts/workflows/temporal-client';
import type { CronControl } from './cron-control.js';

const NO_SCHEDULE = 'The reconciliation schedule does not exist yet: the workflow worker creates it when it starts.';
const ENDED_IN_TEMPORAL = 'That step is no longer waiting in Temporal (its workflow ended), so it was taken off the list.';

/**
 * The Cron page on Temporal: stop, restart and the next run are the `payments-reconciliation` schedule's (paused or
 * not); the run counts and failing steps are what this service noted while running the worker's steps.
 */
export function temporalCron(
  operations: TemporalOperations,
  stores: { recurring: RecurringJobs; failures: TemporalStepFailures },
  options: { close: () => Promise<void>; logger: { warn(object: object, message: string): void } },
): CronControl {
  const { recurring, failures } = stores;
  const jobs = [STEP.reconcile];

  const listed = async (type: string, key: string) => waitingStep(await failures.find(type, key));

  return {
    async status() {
      const [schedule, runs, failingSteps] = await Promise.all([
        operations.scheduleState().catch((error: unknown) => {
          // The counts and failing steps are this service's own: still worth showing while Temporal is away.
          options.logger.warn({ err: error }, 'could not read the reconciliation schedule from Temporal');
          return { exists: false, paused: false, nextRunTime: null };
        }),
        recurring.summary(jobs),
        failures.list(),
      ]);
      const { paused: _storedOnlyOnEmbedded, ...counts } = runs;
      return {
        service: {
          driver: 'temporal',
          isRunning: schedule.exists && !schedule.paused,
          ...counts,
          nextRunTime: schedule.nextRunTime,
          jobs,
        },
        failingSteps,
      };
    },
    async setStopped(stopped, actor) {
      if (!(await operations.setPaused(stopped, actor))) throw conflict(NO_SCHEDULE);
    },
    trigger: (mode) => operations.runReconciliation(mode),
    async retryStep(type, key, actor) {
      const { step, activity } = await listed(type, key);
      if (!(await operations.retryActivity(activity, actor))) {
        await failures.ended(key);
        throw conflict(ENDED_IN_TEMPORAL);
      }
      return step;
    },
    async giveUpStep(type, key, actor) {
      const { step, activity } = await listed(type, key);
      await failures.giveUp(key, actor);
      // Its next attempt is answered without running the step, which ends it; asked for now rather than in up to
      // 15 minutes. An activity Temporal no longer has has nothing left to give up.
      if (!(await operations.retryActivity(activity, actor))) await failures.ended(key);
      return step;
    },
    close: options.close,
  };
}
