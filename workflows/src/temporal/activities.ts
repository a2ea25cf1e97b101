import { paymentsOperations } from '@elts/contracts';
import type { InternalClient } from '@elts/platform';
import { Context } from '@temporalio/activity';
import type { SettlementOutcome } from '../flows/payment-timeout.js';
import { STEP, type StepType } from '../flows/timers.js';
import { stepAttemptHeaders } from '../operations/failing-steps.js';
import type { StepRunner } from '../port.js';
import type { StepActivities } from './contract.js';

/** The part of the platform's InternalClient the worker uses: payments' step operation. */
export type StepCaller = Pick<InternalClient, 'operation'>;

/**
 * The worker's way to run a step: ask the payments service to run it, over its step endpoint, the same step function
 * the embedded driver calls in-process. A failed call throws, and Temporal retries the activity. Each call says
 * which activity attempt it is, so the service can list a step that keeps failing on the Cron page (decision 0034).
 */
export function stepsOverHttp(payments: StepCaller): StepRunner {
  return async (type, payload) => {
    const answer = await payments.operation(
      paymentsOperations.runPaymentsWorkflowStep,
      { params: { type }, body: payload as Record<string, unknown> },
      { headers: activityAttemptHeaders() },
    );
    return answer?.outcome;
  };
}

/** This activity's attempt as headers; none outside an activity (a test calling the runner directly). */
function activityAttemptHeaders(): Record<string, string> {
  let info: Context['info'];
  try {
    info = Context.current().info;
  } catch {
    return {};
  }
  const execution = info.workflowExecution;
  if (!execution) return {};
  return stepAttemptHeaders({
    workflowId: execution.workflowId,
    runId: execution.runId,
    activityId: info.activityId,
    attempt: info.attempt,
  });
}

/** How often a running activity tells the server it is alive: well inside the workflows' heartbeat timeout. */
export const HEARTBEAT_EVERY_MS = 2_000;

/**
 * The activities of the workflows: each runs one step through `run`, heartbeating while it waits, so a step whose
 * worker died is retried at the heartbeat timeout rather than at the start-to-close one (workflows.ts). The service
 * re-reads its state and decides, so a repeated call changes nothing.
 */
export function stepActivities(run: StepRunner): StepActivities {
  const step = (type: StepType, payload: Record<string, unknown>) => whileBeating(() => run(type, payload));
  return {
    timeOutPayment: async (payload) => {
      await step(STEP.timeout, payload);
    },
    beginRenewal: async (payload) => {
      await step(STEP.renewal, payload);
    },
    checkRenewalCharge: async (payload) => (await step(STEP.chargeCheck, payload)) as SettlementOutcome,
    expireCycle: async (payload) => {
      await step(STEP.expiry, payload);
    },
    reconcile: async (payload) => (await step(STEP.reconcile, payload)) as { checked: number; settled: number },
  };
}

/** Runs `work`, heartbeating every HEARTBEAT_EVERY_MS meanwhile when inside an activity (the SDK throttles them). */
async function whileBeating<T>(work: () => Promise<T>): Promise<T> {
  let context: Context;
  try {
    context = Context.current();
  } catch {
    return work();
  }
  context.heartbeat();
  const beat = setInterval(() => context.heartbeat(), HEARTBEAT_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}
