import type { FailingStep } from '@elts/contracts';
import { type FailingStepControl, notFound } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { JobScheduler } from '../embedded/job-scheduler.js';
import {
  countListedStepFailure,
  type FailingWorkflowStepRow,
  failingStepGivenUpBy,
  failingSteps,
  findFailingStep,
  forgetFailingStep,
  giveUpFailingStep,
  listStepFailure,
} from '../store/failing-workflow-steps.js';
import { retryDelayMs } from './step-retry.js';

export type { FailingStep };

/** Why a retry or a give-up found nothing to act on. */
export const NO_WAITING_STEP = 'That step is not waiting to run: it has succeeded, been given up, or does not exist.';

/** A step found, or the operator's 404 with its sentence. */
export function waitingStep<T>(step: T | null | undefined): T {
  if (!step) throw notFound(NO_WAITING_STEP);
  return step;
}

/**
 * The failing steps of a service's timers table, for the Cron page: listed from `failingAfterAttempts` attempts on
 * (each step is still retried by itself), retried now or given up by an operator.
 */
export function schedulerStepControl(scheduler: JobScheduler, failingAfterAttempts: number): FailingStepControl {
  return {
    failingSteps: () => scheduler.failing(failingAfterAttempts),
    retryStep: async (type, key) => waitingStep(await scheduler.retryNow(type, key)),
    giveUpStep: async (type, key, actor) => waitingStep(await scheduler.giveUp(type, key, actor)),
  };
}

/**
 * A failing step as the Cron page lists it, from either driver's record of it: the timers table's row, or the row
 * noted for a Temporal activity. `subjectFallback` names it when its payload names no payment or subscription.
 */
export function listedStep(step: {
  type: string;
  key: string;
  payload: unknown;
  subjectFallback: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
}): FailingStep {
  return {
    type: step.type,
    key: step.key,
    subject: stepSubject(step.payload, step.subjectFallback),
    attempts: step.attempts,
    lastError: step.lastError,
    nextAttemptAt: step.nextAttemptAt?.toISOString() ?? null,
  };
}

/** The payment or subscription a step's payload names, for people; `fallback` when it names neither. */
export function stepSubject(payload: unknown, fallback: string): string {
  const fields = (typeof payload === 'string' ? safeJson(payload) : payload) as { paymentId?: unknown; subscriptionId?: unknown } | null;
  const subject = fields?.paymentId ?? fields?.subscriptionId;
  return typeof subject === 'string' && subject !== '' ? subject : fallback;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One attempt of a Temporal activity at a step, as the worker tells the payments service with each call. */
export interface StepAttempt {
  workflowId: string;
  runId: string;
  activityId: string;
  attempt: number;
}

/** An activity's identity (a workflow that continues as new starts its activity ids again, hence the run). */
export const stepIdOf = (step: Pick<StepAttempt, 'workflowId' | 'runId' | 'activityId'>) =>
  `${step.workflowId}/${step.runId}/${step.activityId}`;

const HEADER = { workflowId: 'x-workflow-id', runId: 'x-workflow-run-id', activityId: 'x-activity-id', attempt: 'x-activity-attempt' };

/** The headers a Temporal activity's call to the step endpoint carries, so the service can note a failing step. */
export function stepAttemptHeaders(step: StepAttempt): Record<string, string> {
  return {
    [HEADER.workflowId]: step.workflowId,
    [HEADER.runId]: step.runId,
    [HEADER.activityId]: step.activityId,
    [HEADER.attempt]: String(step.attempt),
  };
}

/** The attempt a call to the step endpoint says it is; null for a call that does not say (or says it badly). */
export function readStepAttempt(header: (name: string) => string | undefined): StepAttempt | null {
  const [workflowId, runId, activityId, attempt] = [HEADER.workflowId, HEADER.runId, HEADER.activityId, HEADER.attempt].map(
    (name) => header(name)?.slice(0, 300) ?? '',
  );
  const count = Number(attempt);
  if (!workflowId || !runId || !activityId || !Number.isInteger(count) || count < 1) return null;
  return { workflowId, runId, activityId, attempt: count };
}

/**
 * Temporal's failing steps, noted by the service that runs them. Temporal retries a failing activity by itself and
 * its UI shows the attempts; the Cron page learns of them here: the step endpoint notes each failed attempt from
 * the failing threshold on (Temporal's own lists cannot be searched by attempts without describing every running
 * workflow), and forgets the step once it succeeds. A step an operator gives up is answered "done" without being
 * run at its next attempt, which ends it in the workflow as a dropped step.
 */
export class TemporalStepFailures {
  constructor(private readonly db: Kysely<any>) {}

  /** Notes a failed attempt: from `threshold` attempts on, or for a step already listed (retried from attempt 1). */
  async failed(step: StepAttempt, type: string, payload: unknown, error: string, threshold: number): Promise<void> {
    const values = {
      last_error: error.slice(0, 500),
      next_attempt_at: new Date(Date.now() + retryDelayMs(step.attempt)),
      updated_at: new Date(),
    };
    const stepId = stepIdOf(step);
    if (step.attempt < threshold) {
      await countListedStepFailure(this.db, stepId, values);
      return;
    }
    await listStepFailure(
      this.db,
      {
        step_id: stepId,
        type,
        workflow_id: step.workflowId,
        run_id: step.runId,
        activity_id: step.activityId,
        payload: JSON.stringify(payload ?? {}),
        attempts: step.attempt,
      },
      values,
    );
  }

  /** The step succeeded (or was given up and has now ended): it is no longer failing. */
  async ended(stepId: string): Promise<void> {
    await forgetFailingStep(this.db, stepId);
  }

  /** A listed step, with the activity that runs it. */
  async find(type: string, stepId: string): Promise<{ step: FailingStep; activity: Omit<StepAttempt, 'attempt'> } | undefined> {
    const row = await findFailingStep(this.db, type, stepId);
    return row && { step: failingStep(row), activity: { workflowId: row.workflow_id, runId: row.run_id, activityId: row.activity_id } };
  }

  async givenUp(stepId: string): Promise<boolean> {
    const row = await failingStepGivenUpBy(this.db, stepId);
    return Boolean(row?.given_up_by);
  }

  async giveUp(stepId: string, actor: string): Promise<void> {
    await giveUpFailingStep(this.db, stepId, actor);
  }

  async list(limit = 50): Promise<FailingStep[]> {
    const rows = await failingSteps(this.db, limit);
    return rows.map(failingStep);
  }
}

function failingStep(row: FailingWorkflowStepRow): FailingStep {
  return listedStep({
    type: row.type,
    key: row.step_id,
    payload: row.payload,
    subjectFallback: row.workflow_id,
    attempts: row.attempts,
    lastError: row.given_up_by ? `Given up by ${row.given_up_by}; ends at its next attempt. Last error: ${row.last_error}` : row.last_error,
    nextAttemptAt: row.next_attempt_at,
  });
}
