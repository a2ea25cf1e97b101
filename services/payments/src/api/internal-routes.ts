import { type AppEnv, jsonBody } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import type { PaymentsContext } from '../commands/context.js';
import { reconcile } from '../commands/reconcile.js';
import type { EmbeddedWorkflows } from '../workflows/embedded-workflows.js';

/** The scheduler's controls, for the back office (admin-bff calls these with the service token). */
export function internalRoutes(context: PaymentsContext, workflows: EmbeddedWorkflows) {
  return new Hono<AppEnv>()
    .get('/internal/cron/status', (c) => {
      const memory = process.memoryUsage();
      return c.json({
        is_success: true,
        data: {
          cron_service: workflows.scheduler.status(),
          uptime: Math.round(process.uptime()),
          memory_usage: { heapUsed: memory.heapUsed, heapTotal: memory.heapTotal },
          server_time: new Date().toISOString(),
        },
      });
    })
    .post('/internal/cron/trigger', jsonBody(z.object({ mode: z.enum(['normal', 'light']) })), async (c) => {
      const result = await reconcile(context, c.req.valid('json').mode);
      return c.json({
        is_success: true,
        message: `Manual cron check triggered successfully in ${c.req.valid('json').mode} mode`,
        data: result,
      });
    })
    .post('/internal/cron/control', jsonBody(z.object({ action: z.enum(['restart', 'stop']) })), (c) => {
      const { action } = c.req.valid('json');
      if (action === 'stop') workflows.scheduler.pauseRecurring();
      else workflows.scheduler.resumeRecurring();
      return c.json({ is_success: true, message: `Cron service ${action}ed successfully`, data: workflows.scheduler.status() });
    });
}
