import { PRESET_BRANDS, productFormSchema } from '@elts/contracts';
import { type AppEnv, jsonBody, notFound, ok, pathParams, principalOf, queryParams } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import { clock } from '../clock.js';
import type { CatalogContext } from '../commands/context.js';
import { createProduct, toggleProduct, updateProduct } from '../commands/products.js';
import { DropCalendar } from '../domain/drops.js';
import { applicableWindow } from '../domain/sale-window.js';
import { brandsInUse, listProducts, type ProductRow, productById, variantsOf } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { actorOf, adminGuard, adminOnly } from './access.js';
import { adminView, publicView } from './views.js';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const listQuery = z.object({
  enabled_only: flag.optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(1000, 'limit must be at most 1000').optional(),
});

const idParam = z.object({ id: z.string().min(1).max(64) });

const BOARD_LIMIT = 15;

export function productRoutes(context: CatalogContext) {
  const { db, board } = context;

  /** Views need the drop calendar for each product's window. */
  const windowsFor = async () => {
    const calendar = new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(db));
    const now = clock.now();
    return {
      now,
      of: (row: ProductRow) =>
        applicableWindow({ saleStartAt: row.sale_start_at, saleEndAt: row.sale_end_at, dropId: row.drop_id }, calendar, now),
    };
  };

  const adminProduct = async (id: string) => {
    const row = await productById(db, id);
    if (!row) throw notFound('Product not found');
    const windows = await windowsFor();
    return adminView(row, windows.of(row), windows.now);
  };

  return new Hono<AppEnv>()
    .get('/product/list', queryParams(listQuery), async (c) => {
      const { enabled_only: enabledOnly = true, limit } = c.req.valid('query');
      if (!enabledOnly) {
        adminOnly(c);
        const [rows, windows] = await Promise.all([listProducts(db, { enabledOnly: false, limit: limit ?? 1000 }), windowsFor()]);
        return ok(c, { products: rows.map((row) => adminView(row, windows.of(row), windows.now)) });
      }
      const size = Math.min(limit ?? BOARD_LIMIT, BOARD_LIMIT);
      const member = principalOf(c).member;
      if (member) return ok(c, await board.forMember(member.id, size));
      // The hot path: a ready body from memory.
      return c.body(await board.visitorBody(size), 200, { 'content-type': 'application/json' });
    })
    .get('/product/brands', async (c) => {
      const brands = [...new Set([...PRESET_BRANDS, ...(await brandsInUse(db))])];
      return ok(c, { brands });
    })
    .get('/product/:id/variants', pathParams(idParam), async (c) => {
      const isAdmin = Boolean(principalOf(c).admin);
      const row = await productById(db, c.req.valid('param').id);
      if (!row || (!row.is_enabled && !isAdmin)) throw notFound('Product not found');
      const rows = row.variant_group ? await variantsOf(db, row.variant_group, !isAdmin) : [row];
      const windows = await windowsFor();
      const variants = rows.map((variant) =>
        isAdmin ? adminView(variant, windows.of(variant), windows.now) : publicView(variant, windows.of(variant), windows.now),
      );
      return ok(c, { variants });
    })
    .post('/product/create', adminGuard, jsonBody(productFormSchema), async (c) => {
      const admin = adminOnly(c);
      const id = await createProduct(context, c.req.valid('json'), actorOf(admin));
      return ok(c, await adminProduct(id), { message: 'Product created' }, 201);
    })
    .put('/product/update/:id', adminGuard, pathParams(idParam), jsonBody(productFormSchema), async (c) => {
      const admin = adminOnly(c);
      const { id } = c.req.valid('param');
      // Which fields the body named: the ones it leaves out keep their values.
      const raw = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
      await updateProduct(context, id, c.req.valid('json'), new Set(Object.keys(raw ?? {})), actorOf(admin));
      return ok(c, await adminProduct(id), { message: 'Product updated' });
    })
    .put('/product/toggle-status/:id', adminGuard, pathParams(idParam), async (c) => {
      const admin = adminOnly(c);
      const { id } = c.req.valid('param');
      await toggleProduct(context, id, actorOf(admin));
      const product = await adminProduct(id);
      return ok(c, product, { message: product.isEnabled ? 'Product enabled' : 'Product disabled' });
    });
}
