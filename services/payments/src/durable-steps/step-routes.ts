import { paymentsOperations } from '@elts/contracts';
import { type AppEnv, badRequest, mount, ok } from '@elts/platform';
import { STEP, type StepType } from '@elts/workflows';
import { Hono } from 'hono';
import type { PaymentsContext } from '../commands/context.js';
import { runStep, stepPayloads } from './steps.js';

const STEP_TYPES = new Set<string>(Object.values(STEP));

/**
 * Where the Temporal worker's activities run their steps (`/internal/*`: service token only). The answer carries
 * the step's outcome, which the workflow uses to plan what follows.
 */
export function workflowStepRoutes(context: PaymentsContext) {
  const app = new Hono<AppEnv>();
  mount(app, paymentsOperations.runPaymentsWorkflowStep, async (c) => {
    const { type } = c.req.valid('param');
    if (!STEP_TYPES.has(type)) throw badRequest(`Unknown workflow step ${type}`);
    const parsed = stepPayloads[type as StepType].safeParse(c.req.valid('json'));
    if (!parsed.success) throw badRequest(`Bad payload for workflow step ${type}`);
    const outcome = await runStep(context, type as StepType, parsed.data);
    return ok(c, { outcome: outcome ?? null });
  });
  return app;
}
