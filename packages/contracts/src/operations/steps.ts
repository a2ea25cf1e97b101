import { z } from 'zod';
import { STEP_SERVICES, type StepService } from '../api/cron.js';
import { answer } from './answers.js';
import { operation } from './operation.js';

/** A workflow step that keeps failing (`FailingStep`), as a service's Cron routes answer it. */
export const failingStepSchema = z.object({
  service: z.enum(STEP_SERVICES).optional(),
  type: z.string(),
  key: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});

/** Which step, and who asked (admin-bff sends `admin:<id>`), for a given-up step's record. */
export const stepActionSchema = z.object({
  type: z.string().min(1).max(100),
  key: z.string().min(1).max(300),
  actor: z.string().trim().min(1).max(200).default('internal'),
});

/**
 * The Cron routes a service with workflow steps serves to admin-bff (docs/decisions/0034), declared per owner:
 * `<owner>FailingSteps` (`GET /internal/cron/status`, for a service with no schedule of its own to show),
 * `<owner>RetryStep` and `<owner>GiveUpStep`. `failingStepRoutes`/`stepActionRoutes` of the platform mount them.
 */
export function stepOperations<const S extends StepService>(owner: S) {
  return {
    failingSteps: operation({
      id: `${owner}FailingSteps` as `${S}FailingSteps`,
      method: 'GET',
      path: '/internal/cron/status',
      owner,
      access: 'internal',
      summary: `The ${owner} workflow steps that keep failing, for the back office's Cron page`,
      response: answer(z.object({ failing_steps: z.array(failingStepSchema) })),
    }),
    retryStep: operation({
      id: `${owner}RetryStep` as `${S}RetryStep`,
      method: 'POST',
      path: '/internal/cron/steps/retry',
      owner,
      access: 'internal',
      summary: `Runs a failing ${owner} workflow step again now`,
      body: stepActionSchema,
      response: answer(failingStepSchema),
    }),
    giveUpStep: operation({
      id: `${owner}GiveUpStep` as `${S}GiveUpStep`,
      method: 'POST',
      path: '/internal/cron/steps/give-up',
      owner,
      access: 'internal',
      summary: `Gives up a failing ${owner} workflow step, recording who did`,
      body: stepActionSchema,
      response: answer(failingStepSchema),
    }),
  };
}

/** The operations `failingStepRoutes` mounts (`stepActionRoutes` the last two). */
export type StepOperations = ReturnType<typeof stepOperations>;
