import { catalogOperations } from '@elts/contracts';
import { type AppEnv, mount, notFound, ok } from '@elts/platform';
import { Hono } from 'hono';
import type { CatalogContext } from '../commands/context.js';
import { salesOfDrop } from '../commands/drop-sales.js';

/** `GET /admin/drops/:id/sales`: how a deal drop sold, for the back office's Drops chart (issue 39 item 1). */
export function dropSalesRoutes(context: CatalogContext) {
  const app = new Hono<AppEnv>();
  mount(app, catalogOperations.dropSales, async (c) => {
    const found = await salesOfDrop(context, c.req.valid('param').id);
    if (!found) throw notFound('Deal drop not found');
    const { drop, sales } = found;
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
