import { type Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import { RECONCILIATION_SCHEDULE_ID, type ReconcileMode, WORKFLOW_TYPE } from './contract.js';

export interface ReconciliationSchedule {
  taskQueue: string;
  everySeconds: number;
  mode: ReconcileMode;
}

/** The schedule's definition: one reconciliation run every interval; a run still going makes the next one skip. */
export function reconciliationSchedule(schedule: ReconciliationSchedule) {
  return {
    scheduleId: RECONCILIATION_SCHEDULE_ID,
    spec: { intervals: [{ every: `${schedule.everySeconds}s` as const }] },
    action: {
      type: 'startWorkflow' as const,
      workflowType: WORKFLOW_TYPE.reconciliation,
      workflowId: `${RECONCILIATION_SCHEDULE_ID}-run`,
      taskQueue: schedule.taskQueue,
      args: [{ mode: schedule.mode }],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' as const },
  };
}

/**
 * Creates the reconciliation schedule, or brings an existing one in line with the settings, so starting any number
 * of workers leaves exactly one schedule. Pausing it (Temporal's UI or CLI) stops the runs; timeouts carry on.
 */
export async function ensureReconciliationSchedule(
  client: Pick<Client, 'schedule'>,
  schedule: ReconciliationSchedule,
): Promise<'created' | 'updated'> {
  const definition = reconciliationSchedule(schedule);
  try {
    await client.schedule.create(definition);
    return 'created';
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  await client.schedule.getHandle(definition.scheduleId).update((previous) => ({
    ...previous,
    spec: definition.spec,
    action: definition.action,
    policies: { ...previous.policies, ...definition.policies },
  }));
  return 'updated';
}
