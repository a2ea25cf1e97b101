import { adminBffOperations as ops } from '@elts/contracts';
import { type AppEnv, mount, notFound, ok } from '@elts/platform';
import { Hono } from 'hono';
import type { AdminBffContext } from '../context.js';
import { dropSales } from '../domain/drop-sales.js';
import { pageCharts } from '../store/charts.js';
import { dropAndProducts, dropHourSums } from '../store/drop-stock.js';

/** The charts of the Payments, Orders and Members pages (decision 0096), and the Drops chart (decision 0170). */
export function chartRoutes({ db, dropAnchor, clock }: AdminBffContext) {
  const app = new Hono<AppEnv>();
  mount(app, ops.adminCharts, async (c) => {
    const { page } = c.req.valid('param');
    const { startDate, endDate, bucket } = c.req.valid('query');
    // The query's own check has made both dates present.
    return c.json({ is_success: true, data: await pageCharts(db, page, startDate as string, endDate as string, bucket) });
  });
  mount(app, ops.adminDropSales, async (c) => {
    const found = await dropAndProducts(db, dropAnchor, c.req.valid('param').id);
    if (!found) throw notFound('Deal drop not found');
    const { drop, products } = found;
    const sums = await dropHourSums(
      db,
      products.map((product) => product.id),
      drop,
    );
    const sales = dropSales({ opensAt: drop.opensAt, closesAt: drop.closesAt, products, sums, now: clock.now() });
    return ok(c, {
      drop: { id: drop.id, label: drop.label, opensAt: drop.opensAt.toISOString(), closesAt: drop.closesAt.toISOString() },
      offered: sales.offered,
      sold: sales.sold,
      hours: sales.hours.map((hour) => ({ start: hour.start.toISOString(), sold: hour.sold, soldSoFar: hour.soldSoFar })),
      products: sales.products,
    });
  });
  return app;
}
