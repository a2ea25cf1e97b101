import type { FailingStep } from '@elts/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './app-factory.js';
import { jsonBody } from './validation.js';

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

/** Who asked (admin-bff sends `admin:<id>`), for a given-up step's record. */
const actor = z.string().trim().min(1).max(200).default('internal');
const step = z.object({ type: z.string().min(1).max(100), key: z.string().min(1).max(300), actor });

/** `POST /internal/cron/steps/retry` and `/give-up`, which admin-bff calls with the service token. */
export function stepActionRoutes(steps: Pick<FailingStepControl, 'retryStep' | 'giveUpStep'>) {
  return new Hono<AppEnv>()
    .post('/internal/cron/steps/retry', jsonBody(step), async (c) => {
      const { type, key, actor: who } = c.req.valid('json');
      return c.json({ is_success: true, data: await steps.retryStep(type, key, who) });
    })
    .post('/internal/cron/steps/give-up', jsonBody(step), async (c) => {
      const { type, key, actor: who } = c.req.valid('json');
      return c.json({ is_success: true, data: await steps.giveUpStep(type, key, who) });
    });
}

/**
 * The Cron routes of a service whose steps run on its own timers table and that has no schedule of its own to show
 * (catalog, orders): `GET /internal/cron/status` answers its failing steps, which admin-bff lists beside payments'.
 */
export function failingStepRoutes(steps: FailingStepControl) {
  return new Hono<AppEnv>()
    .get('/internal/cron/status', async (c) => c.json({ is_success: true, data: { failing_steps: await steps.failingSteps() } }))
    .route('/', stepActionRoutes(steps));
}
