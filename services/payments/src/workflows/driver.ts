import type { Kysely } from 'kysely';
import type { PaymentsContext, WorkflowPort } from '../commands/context.js';
import type { PaymentsSettings } from '../settings.js';
import { EmbeddedWorkflows } from './embedded-workflows.js';
import { chargeCheckPlan, membershipPlan } from './plans.js';
import { lastRenewalAttempt } from './steps.js';

export interface WorkflowDriver {
  kind: 'embedded' | 'temporal';
  port: WorkflowPort;
  /** Always there: it holds the reconciliation controls of `/internal/cron/*`, and runs everything when embedded. */
  embedded: EmbeddedWorkflows;
  bind(context: PaymentsContext): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Chooses the workflow driver by configuration alone: the embedded timers table by default (all-in-one), Temporal
 * when TEMPORAL_ADDRESS is set (the distributed topology, with `npm run worker` running the workflows). The
 * commands see only the WorkflowPort, so their behaviour is the same either way.
 */
export async function workflowDriver(
  settings: PaymentsSettings,
  db: Kysely<any>,
  logger: PaymentsContext['logger'],
): Promise<WorkflowDriver> {
  const embedded = new EmbeddedWorkflows(db, logger, { pollMs: settings.WORKFLOW_POLL_MS });
  if (!settings.TEMPORAL_ADDRESS) {
    return {
      kind: 'embedded',
      port: embedded,
      embedded,
      bind: (context) => embedded.bind(context),
      start: () => embedded.start(),
      stop: () => embedded.stop(),
    };
  }
  // Loaded only here, so the embedded topology never pays for Temporal's client.
  const { connectTemporal, TemporalWorkflowPort } = await import('@elts/workflows/temporal-client');
  const temporal = connectTemporal({
    TEMPORAL_ADDRESS: settings.TEMPORAL_ADDRESS,
    TEMPORAL_NAMESPACE: settings.TEMPORAL_NAMESPACE,
    TEMPORAL_TASK_QUEUE: settings.TEMPORAL_TASK_QUEUE,
  });
  logger.info({ address: settings.TEMPORAL_ADDRESS, taskQueue: settings.TEMPORAL_TASK_QUEUE }, 'workflows run on Temporal');
  const port = new TemporalWorkflowPort(temporal.workflows, {
    taskQueue: settings.TEMPORAL_TASK_QUEUE,
    membershipPlan: membershipPlan(settings),
    chargeChecks: chargeCheckPlan(settings),
    lastRenewalAttempt: (subscriptionId, cycle) => lastRenewalAttempt({ db }, subscriptionId, cycle),
  });
  return {
    kind: 'temporal',
    port,
    embedded,
    // The embedded scheduler is bound (for the manual reconciliation) but never started: Temporal's schedule runs it.
    bind: (context) => embedded.bind(context),
    start: async () => {},
    stop: () => temporal.close(),
  };
}
