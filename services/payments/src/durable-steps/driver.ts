import { type Clock, systemClock } from '@elts/platform';
import {
  chargeCheckPlanOf,
  EmbeddedWorkflowPort,
  type FlowPlans,
  JobScheduler,
  membershipPlanOf,
  SignalOutbox,
  type SignalSender,
} from '@elts/workflows';
import type { Kysely } from 'kysely';
import type { PaymentsContext } from '../commands/context.js';
import type { PaymentsSettings } from '../settings.js';
import { runStep } from './steps.js';

export interface WorkflowDriver {
  kind: 'embedded' | 'temporal';
  /**
   * Where the commands send their signals, in their own transactions: the embedded driver writes the timers there;
   * on Temporal the outbox keeps them and delivers them, however long Temporal is away.
   */
  signals: SignalSender;
  /** Always there: it holds the reconciliation's schedule and controls, and runs every step when embedded. */
  embedded: EmbeddedWorkflowPort;
  bind(context: PaymentsContext): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Chooses the workflow driver by configuration alone: the embedded timers table by default (all-in-one), Temporal
 * when TEMPORAL_ADDRESS is set (the distributed topology, with `npm run worker` running the workflows). The
 * commands only send signals, so their behaviour is the same either way, and a signal they send while Temporal is
 * unreachable waits in the outbox until it is back.
 */
export async function workflowDriver(
  settings: PaymentsSettings,
  db: Kysely<any>,
  logger: PaymentsContext['logger'],
  clock: Clock = systemClock,
): Promise<WorkflowDriver> {
  const plans: FlowPlans = { membership: membershipPlanOf(settings), chargeChecks: chargeCheckPlanOf(settings) };
  const embedded = new EmbeddedWorkflowPort(new JobScheduler(db, { logger, pollMs: settings.WORKFLOW_POLL_MS, clock }), plans, clock);
  const temporal = settings.TEMPORAL_ADDRESS ? await temporalPort(settings, settings.TEMPORAL_ADDRESS, plans, logger) : undefined;
  const outbox = temporal && new SignalOutbox(db, temporal.port, { logger, pollMs: settings.WORKFLOW_POLL_MS });
  const signals: SignalSender = outbox || embedded;
  return {
    kind: temporal ? 'temporal' : 'embedded',
    signals,
    embedded,
    bind(context) {
      // On Temporal the scheduler only keeps the reconciliation's controls (the schedule is Temporal's): bound, never started.
      embedded.runSteps((type, payload) => runStep(context, type, payload), { reconcileEverySeconds: settings.RECONCILE_EVERY_SECONDS });
      // Every commit that recorded events may have sent signals: act on them now rather than at the next poll.
      context.events.onAppend(() => signals.wake());
    },
    async start() {
      if (outbox) outbox.start();
      else await embedded.scheduler.start();
    },
    async stop() {
      if (outbox) await outbox.stop();
      await (temporal ? temporal.close() : embedded.scheduler.stop());
    },
  };
}

async function temporalPort(settings: PaymentsSettings, address: string, plans: FlowPlans, logger: PaymentsContext['logger']) {
  // Loaded only here, so the embedded topology never pays for Temporal's client.
  const { connectTemporal, TemporalWorkflowPort } = await import('@elts/workflows/temporal-client');
  const temporal = connectTemporal({
    TEMPORAL_ADDRESS: address,
    TEMPORAL_NAMESPACE: settings.TEMPORAL_NAMESPACE,
    TEMPORAL_TASK_QUEUE: settings.TEMPORAL_TASK_QUEUE,
  });
  logger.info({ address, taskQueue: settings.TEMPORAL_TASK_QUEUE }, 'workflows run on Temporal');
  const port = new TemporalWorkflowPort(temporal.workflows, {
    taskQueue: settings.TEMPORAL_TASK_QUEUE,
    membershipPlan: plans.membership,
    chargeChecks: plans.chargeChecks,
  });
  return { port, close: temporal.close };
}
