import { stockHoldSchema, stockOrderSchema, stockReleaseSchema } from '@elts/contracts';
import { type AppEnv, jsonBody, notFound, ok, pathParams } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import { clock } from '../clock.js';
import type { CatalogContext } from '../commands/context.js';
import { commit, hold, release } from '../commands/stock.js';
import { DropCalendar } from '../domain/drops.js';
import { applicableWindow } from '../domain/sale-window.js';
import { productById } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { productForOrder } from './views.js';

/**
 * The orders service's calls (`/internal/*`: the platform admits only callers with the service token). Each is
 * idempotent per order id: the saga may repeat any of them after a timeout or a crash.
 */
export function stockRoutes(context: CatalogContext) {
  return new Hono<AppEnv>()
    .get('/internal/products/:id', pathParams(z.object({ id: z.string().min(1).max(64) })), async (c) => {
      const row = await productById(context.db, c.req.valid('param').id);
      if (!row) throw notFound('Product not found');
      const calendar = new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(context.db));
      const now = clock.now();
      const window = applicableWindow({ saleStartAt: row.sale_start_at, saleEndAt: row.sale_end_at, dropId: row.drop_id }, calendar, now);
      return ok(c, productForOrder(row, window));
    })
    .post('/internal/stock/hold', jsonBody(stockHoldSchema), async (c) => ok(c, await hold(context, c.req.valid('json'))))
    .post('/internal/stock/release', jsonBody(stockReleaseSchema), async (c) => ok(c, await release(context, c.req.valid('json'))))
    .post('/internal/stock/commit', jsonBody(stockOrderSchema), async (c) => ok(c, await commit(context, c.req.valid('json').orderId)));
}
