import { catalogOperations } from '@elts/contracts';
import { type AppEnv, mount, notFound, ok, unlessRefused } from '@elts/platform';
import { Hono } from 'hono';
import type { CatalogContext } from '../commands/context.js';
import { nextDrop } from '../commands/next-drop.js';
import { commit, handOver, hold, release } from '../commands/stock.js';
import { DropCalendar } from '../domain/drops.js';
import { applicableWindow } from '../domain/sale-window.js';
import { productById } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { productForOrder } from './views.js';

/**
 * The orders service's calls (`/internal/*`: the platform admits only callers with the service token): two reads
 * (a product, the drop open or next for its waiting room), and the stock moves, each idempotent per order id: the
 * saga may repeat any of them after a timeout or a crash.
 */
export function stockRoutes(context: CatalogContext) {
  const app = new Hono<AppEnv>();
  mount(app, catalogOperations.productForOrder, async (c) => {
    const row = await productById(context.db, c.req.valid('param').id);
    if (!row) throw notFound('Product not found');
    const calendar = new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(context.db));
    const now = context.clock.now();
    const window = applicableWindow({ saleStartAt: row.sale_start_at, saleEndAt: row.sale_end_at, dropId: row.drop_id }, calendar, now);
    return ok(c, productForOrder(row, window));
  });
  mount(app, catalogOperations.nextDrop, async (c) => ok(c, await nextDrop(context)));
  mount(app, catalogOperations.holdStock, async (c) => ok(c, unlessRefused(await hold(context, c.req.valid('json')))));
  mount(app, catalogOperations.releaseStock, async (c) => ok(c, await release(context, c.req.valid('json'))));
  mount(app, catalogOperations.handOverStock, async (c) => ok(c, await handOver(context, c.req.valid('json'))));
  mount(app, catalogOperations.commitStock, async (c) => ok(c, await commit(context, c.req.valid('json').orderId)));
  return app;
}
