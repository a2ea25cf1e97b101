import type { FailingStep, SchedulerStats } from '@elts/workflows';
import type { ReconcileMode } from '../commands/reconcile.js';

export type { ReconcileMode };

/** The Cron page's scheduler card: the spec's `cron_service` fields, and when the next run is due. */
export type CronService = SchedulerStats & { driver: 'embedded' | 'temporal' };

/**
 * What `/internal/cron/*` does, on either workflow driver (docs/decisions/0034): the reconciliation's status, stop
 * and restart (stored, so they hold on every instance and across restarts), a run now, and the steps that keep
 * failing, which an operator retries at once or gives up. `actor` is who asked (`admin:<id>`), for the records.
 */
export interface CronControl {
  status(): Promise<{ service: CronService; failingSteps: FailingStep[] }>;
  setStopped(stopped: boolean, actor: string): Promise<void>;
  trigger(mode: ReconcileMode): Promise<unknown>;
  /** The step as it was before. Throws a 4xx with a sentence when no such step is waiting to run. */
  retryStep(type: string, key: string, actor: string): Promise<FailingStep>;
  giveUpStep(type: string, key: string, actor: string): Promise<FailingStep>;
  close(): Promise<void>;
}
