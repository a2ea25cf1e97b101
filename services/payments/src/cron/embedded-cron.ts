import { type JobScheduler, STEP, schedulerStepControl } from '@elts/workflows';
import type { CronControl, ReconcileMode } from './cron-control.js';

/**
 * The Cron page on the embedded driver: the timers table holds the steps, their attempts and errors, and the
 * scheduler's `recurring_jobs` row holds the stop and the run counts, which every instance reads.
 */
export function embeddedCron(
  scheduler: JobScheduler,
  options: { failingAfterAttempts: number; reconcileNow: (mode: ReconcileMode) => Promise<unknown> },
): CronControl {
  const steps = schedulerStepControl(scheduler, options.failingAfterAttempts);
  return {
    async status() {
      const [service, failingSteps] = await Promise.all([scheduler.status(), steps.failingSteps()]);
      return { service: { ...service, driver: 'embedded' }, failingSteps };
    },
    setStopped: (stopped, actor) => scheduler.setRecurringPaused(stopped, actor),
    // Counted like a scheduled run, so Last Run and the success rate show it.
    trigger: (mode) => scheduler.recurringJobs.track(STEP.reconcile, () => options.reconcileNow(mode)),
    retryStep: steps.retryStep,
    giveUpStep: steps.giveUpStep,
    close: async () => {},
  };
}
