import { adminBffOperations as ops } from '@elts/contracts';
import { type AppEnv, mount } from '@elts/platform';
import { Hono } from 'hono';
import type { AdminBffContext } from '../context.js';
import { pageCharts } from '../store/charts.js';

/** The charts of the Payments, Orders and Members pages (decision 0096). */
export function chartRoutes({ db }: AdminBffContext) {
  const app = new Hono<AppEnv>();
  mount(app, ops.adminCharts, async (c) => {
    const { page } = c.req.valid('param');
    const { startDate, endDate, bucket } = c.req.valid('query');
    // The query's own check has made both dates present.
    return c.json({ is_success: true, data: await pageCharts(db, page, startDate as string, endDate as string, bucket) });
  });
  return app;
}
