import { COPY } from '@elts/contracts';
import { type AppEnv, jsonBody, stepActionRoutes } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import type { CronControl } from '../cron/cron-control.js';

/** Who asked (admin-bff sends `admin:<id>`), for the stored stop. */
const actor = z.string().trim().min(1).max(200).default('internal');

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
  return new Hono<AppEnv>()
    .get('/internal/cron/status', async (c) => c.json({ is_success: true, data: await status() }))
    .post('/internal/cron/trigger', jsonBody(z.object({ mode: z.enum(['normal', 'light']) })), async (c) => {
      const { mode } = c.req.valid('json');
      const result = await cron.trigger(mode);
      return c.json({ is_success: true, message: `Manual cron check triggered successfully in ${mode} mode`, data: result });
    })
    .post('/internal/cron/control', jsonBody(z.object({ action: z.enum(['restart', 'stop']), actor })), async (c) => {
      const { action, actor: who } = c.req.valid('json');
      await cron.setStopped(action === 'stop', who);
      return c.json({ is_success: true, message: COPY.cron.controlled(action), data: (await status()).cron_service });
    })
    .route('/', stepActionRoutes(cron));
}
