import type { AppEnv } from '@elts/platform';
import { type JobScheduler, RecurringJobs, TemporalStepFailures } from '@elts/workflows';
import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { PaymentsSettings } from '../settings.js';
import type { CronControl, ReconcileMode } from './cron-control.js';
import { embeddedCron } from './embedded-cron.js';
import { temporalCron } from './temporal-cron.js';
import { watchTemporalSteps } from './temporal-step-watch.js';

/**
 * The Cron page's controls for the workflow driver the settings choose, and on Temporal the watch to put on the
 * step endpoint (it notes failing steps and counts reconciliation runs).
 */
export async function cronForDriver(
  settings: PaymentsSettings,
  parts: {
    db: Kysely<any>;
    /** The embedded driver's scheduler, which runs the steps when Temporal does not. */
    scheduler: JobScheduler;
    reconcileNow: (mode: ReconcileMode) => Promise<unknown>;
    logger: { warn(object: object, message: string): void };
  },
): Promise<{ cron: CronControl; stepWatch?: MiddlewareHandler<AppEnv> }> {
  const failingAfterAttempts = settings.STEP_FAILING_AFTER_ATTEMPTS;
  if (!settings.TEMPORAL_ADDRESS) {
    return { cron: embeddedCron(parts.scheduler, { failingAfterAttempts, reconcileNow: parts.reconcileNow }) };
  }
  // Loaded only here, so the embedded topology never pays for Temporal's client.
  const { connectTemporalOperations } = await import('@elts/workflows/temporal-client');
  const { operations, close } = connectTemporalOperations({
    TEMPORAL_ADDRESS: settings.TEMPORAL_ADDRESS,
    TEMPORAL_NAMESPACE: settings.TEMPORAL_NAMESPACE,
    TEMPORAL_TASK_QUEUE: settings.TEMPORAL_TASK_QUEUE,
  });
  const stores = { recurring: new RecurringJobs(parts.db), failures: new TemporalStepFailures(parts.db) };
  return {
    cron: temporalCron(operations, stores, { close, logger: parts.logger }),
    stepWatch: watchTemporalSteps(stores, failingAfterAttempts),
  };
}
