import { type AppEnv, ok } from '@elts/platform';
import { type RecurringJobs, readStepAttempt, STEP, stepIdOf, type TemporalStepFailures } from '@elts/workflows';
import type { MiddlewareHandler } from 'hono';

/**
 * Watches the step endpoint that Temporal's activities call (docs/decisions/0034). The worker says which attempt a
 * call is; a step that fails from the failing threshold on is noted for the Cron page, one that succeeds is taken
 * off, and one an operator gave up is answered "done" without running, which ends it in its workflow. A
 * reconciliation run is counted for the page's success rate and last run, as the embedded driver counts its own.
 */
export function watchTemporalSteps(
  stores: { recurring: RecurringJobs; failures: TemporalStepFailures },
  failingAfterAttempts: number,
): MiddlewareHandler<AppEnv> {
  const { recurring, failures } = stores;
  return async (c, next) => {
    const type = c.req.param('type') ?? '';
    const attempt = readStepAttempt((name) => c.req.header(name));
    const stepId = attempt && stepIdOf(attempt);
    if (stepId && (await failures.givenUp(stepId))) {
      await failures.ended(stepId);
      return ok(c, { outcome: null });
    }
    const run = async () => {
      await next();
      if (c.error || c.res.status >= 400) throw c.error ?? new Error(`the step answered ${c.res.status}`);
    };
    try {
      await (type === STEP.reconcile ? recurring.track(type, run) : run());
    } catch (error) {
      // The error's answer is already in c.res; only the note is added here.
      if (attempt) {
        const payload = await c.req.json().catch(() => ({}));
        await failures.failed(attempt, type, payload, error instanceof Error ? error.message : String(error), failingAfterAttempts);
      }
      return;
    }
    if (stepId) await failures.ended(stepId);
  };
}
