import { notFound } from '@elts/platform';
import { type JobScheduler, STEP } from '@elts/workflows';
import { type CronControl, NO_WAITING_STEP, type ReconcileMode } from './cron-control.js';

/**
 * The Cron page on the embedded driver: the timers table holds the steps, their attempts and errors, and the
 * scheduler's `recurring_jobs` row holds the stop and the run counts, which every instance reads.
 */
export function embeddedCron(
  scheduler: JobScheduler,
  options: { failingAfterAttempts: number; reconcileNow: (mode: ReconcileMode) => Promise<unknown> },
): CronControl {
  const found = <T>(step: T | null): T => {
    if (!step) throw notFound(NO_WAITING_STEP);
    return step;
  };
  return {
    async status() {
      const [service, failingSteps] = await Promise.all([scheduler.status(), scheduler.failing(options.failingAfterAttempts)]);
      return { service: { ...service, driver: 'embedded' }, failingSteps };
    },
    setStopped: (stopped, actor) => scheduler.setRecurringPaused(stopped, actor),
    // Counted like a scheduled run, so Last Run and the success rate show it.
    trigger: (mode) => scheduler.recurringJobs.track(STEP.reconcile, () => options.reconcileNow(mode)),
    retryStep: async (type, key) => found(await scheduler.retryNow(type, key)),
    giveUpStep: async (type, key, actor) => found(await scheduler.giveUp(type, key, actor)),
    close: async () => {},
  };
}
