import type { FailingStep, StepOperations } from '@elts/contracts';
import { Hono } from 'hono';
import type { AppEnv } from './app-factory.js';
import { mount } from './operation-routes.js';

/**
 * A service's workflow steps that keep failing, as the back office's Cron page sees and acts on them
 * (docs/decisions/0034): the list, and an operator's "retry now" and "give up". Each answers the step as it was,
 * or throws a 4xx with a sentence when no such step is waiting to run.
 */
export interface FailingStepControl {
  failingSteps(): Promise<FailingStep[]>;
  retryStep(type: string, key: string, actor: string): Promise<FailingStep>;
  giveUpStep(type: string, key: string, actor: string): Promise<FailingStep>;
}

/**
 * `POST /internal/cron/steps/retry` and `/give-up`, which admin-bff calls with the service token: the owner's
 * operations from the table (`stepOperations(owner)` of the contracts).
 */
export function stepActionRoutes(
  steps: Pick<FailingStepControl, 'retryStep' | 'giveUpStep'>,
  ops: Pick<StepOperations, 'retryStep' | 'giveUpStep'>,
) {
  const app = new Hono<AppEnv>();
  mount(app, ops.retryStep, async (c) => {
    const { type, key, actor: who } = c.req.valid('json');
    return c.json({ is_success: true, data: await steps.retryStep(type, key, who) });
  });
  mount(app, ops.giveUpStep, async (c) => {
    const { type, key, actor: who } = c.req.valid('json');
    return c.json({ is_success: true, data: await steps.giveUpStep(type, key, who) });
  });
  return app;
}

/**
 * The Cron routes of a service whose steps run on its own timers table and that has no schedule of its own to show
 * (catalog, orders): `GET /internal/cron/status` answers its failing steps, which admin-bff lists beside payments'.
 */
export function failingStepRoutes(steps: FailingStepControl, ops: StepOperations) {
  const app = new Hono<AppEnv>();
  mount(app, ops.failingSteps, async (c) => c.json({ is_success: true, data: { failing_steps: await steps.failingSteps() } }));
  return app.route('/', stepActionRoutes(steps, ops));
}
