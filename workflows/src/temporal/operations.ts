import { randomUUID } from 'node:crypto';
import { Client, Connection, isGrpcServiceError, ScheduleNotFoundError } from '@temporalio/client';
import { RECONCILIATION_SCHEDULE_ID, type ReconcileMode, WORKFLOW_TYPE } from './contract.js';
import type { TemporalConnectionSettings } from './settings.js';

/** The part of Temporal's client the Cron page's operations use (a fake may stand in for it). */
export type OperationsClient = Pick<Client, 'schedule' | 'workflow' | 'workflowService'>;

export interface ReconciliationScheduleState {
  /** False until a worker has created the schedule. */
  exists: boolean;
  paused: boolean;
  nextRunTime: string | null;
}

/** gRPC's NOT_FOUND: the workflow or its pending activity is gone. */
const NOT_FOUND = 5;

/**
 * What an operator does to Temporal from the Cron page (docs/decisions/0034): stop and restart pause and unpause
 * the `payments-reconciliation` schedule (stored in Temporal, so it holds for every worker and across restarts,
 * and the worker's own update of the schedule keeps it); a trigger runs one reconciliation on the worker in the
 * mode asked for; "retry now" resets a failing step's activity, which runs it at once.
 */
export class TemporalOperations {
  constructor(
    private readonly client: OperationsClient,
    private readonly options: { namespace: string; taskQueue: string },
  ) {}

  private get schedule() {
    return this.client.schedule.getHandle(RECONCILIATION_SCHEDULE_ID);
  }

  async scheduleState(): Promise<ReconciliationScheduleState> {
    try {
      const description = await this.schedule.describe();
      const paused = description.state.paused;
      const next = description.info.nextActionTimes[0];
      return { exists: true, paused, nextRunTime: !paused && next ? next.toISOString() : null };
    } catch (error) {
      if (error instanceof ScheduleNotFoundError) return { exists: false, paused: false, nextRunTime: null };
      throw error;
    }
  }

  /** Pauses (stop) or unpauses (restart) the schedule. False when no worker has created it yet. */
  async setPaused(paused: boolean, actor: string): Promise<boolean> {
    try {
      if (paused) await this.schedule.pause(`Stopped from the Cron page by ${actor}`);
      else await this.schedule.unpause(`Restarted from the Cron page by ${actor}`);
      return true;
    } catch (error) {
      if (error instanceof ScheduleNotFoundError) return false;
      throw error;
    }
  }

  /**
   * One reconciliation run now, on the worker, in `mode`. A workflow of the schedule's type rather than the
   * schedule's own trigger, which can only repeat the schedule's mode; it shows in Temporal's UI beside the
   * scheduled runs, and its outcome reaches the Cron page's counts like theirs.
   */
  async runReconciliation(mode: ReconcileMode): Promise<{ workflowId: string }> {
    const workflowId = `${RECONCILIATION_SCHEDULE_ID}-manual-${mode}-${randomUUID()}`;
    await this.client.workflow.start(WORKFLOW_TYPE.reconciliation, { workflowId, taskQueue: this.options.taskQueue, args: [{ mode }] });
    return { workflowId };
  }

  /** Runs a step's waiting activity at once, from attempt 1. False when it is no longer pending. */
  async retryActivity(step: { workflowId: string; runId: string; activityId: string }, actor: string): Promise<boolean> {
    try {
      await this.client.workflowService.resetActivity({
        namespace: this.options.namespace,
        execution: { workflowId: step.workflowId, runId: step.runId },
        id: step.activityId,
        identity: actor,
      });
      return true;
    } catch (error) {
      if (isGrpcServiceError(error) && error.code === NOT_FOUND) return false;
      throw error;
    }
  }
}

/** Operations over a connection of their own, made on first use so the service starts while Temporal is away. */
export function connectTemporalOperations(settings: TemporalConnectionSettings): {
  operations: TemporalOperations;
  close: () => Promise<void>;
} {
  const connection = Connection.lazy({ address: settings.TEMPORAL_ADDRESS });
  const client = new Client({ connection, namespace: settings.TEMPORAL_NAMESPACE });
  return {
    operations: new TemporalOperations(client, { namespace: settings.TEMPORAL_NAMESPACE, taskQueue: settings.TEMPORAL_TASK_QUEUE }),
    close: () => connection.close(),
  };
}
