import { COPY, paymentsOperations } from '@elts/contracts';
import { type AppEnv, mount, stepActionRoutes } from '@elts/platform';
import { Hono } from 'hono';
import type { CronControl } from '../cron/cron-control.js';

/**
 * The scheduler's controls for the back office (admin-bff calls these with the service token), on either workflow
 * driver: status with the failing steps, a run now, stop and restart, and retrying or giving up a failing step.
 */
export function internalRoutes(cron: CronControl) {
  const status = async () => {
    const { service, failingSteps } = await cron.status();
    const memory = process.memoryUsage();
    return {
      cron_service: service,
      failing_steps: failingSteps,
      uptime: Math.round(process.uptime()),
      memory_usage: { heapUsed: memory.heapUsed, heapTotal: memory.heapTotal },
      server_time: new Date().toISOString(),
    };
  };
  const app = new Hono<AppEnv>();
  mount(app, paymentsOperations.paymentsFailingSteps, async (c) => c.json({ is_success: true, data: await status() }));
  mount(app, paymentsOperations.paymentsCronTrigger, async (c) => {
    const { mode } = c.req.valid('json');
    const result = await cron.trigger(mode);
    return c.json({ is_success: true, message: `Manual cron check triggered successfully in ${mode} mode`, data: result });
  });
  mount(app, paymentsOperations.paymentsCronControl, async (c) => {
    const { action, actor: who } = c.req.valid('json');
    await cron.setStopped(action === 'stop', who);
    return c.json({ is_success: true, message: COPY.cron.controlled(action), data: (await status()).cron_service });
  });
  const steps = { retryStep: paymentsOperations.paymentsRetryStep, giveUpStep: paymentsOperations.paymentsGiveUpStep };
  return app.route('/', stepActionRoutes(cron, steps));
}
