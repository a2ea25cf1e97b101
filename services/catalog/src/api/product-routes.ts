import { catalogOperations, PRESET_BRANDS } from '@elts/contracts';
import { type AppEnv, mount, notFound, ok, principalOf, unlessRefused } from '@elts/platform';
import { Hono } from 'hono';
import type { CatalogContext } from '../commands/context.js';
import { createProduct, toggleProduct, updateProduct } from '../commands/products.js';
import { DropCalendar } from '../domain/drops.js';
import { applicableWindow } from '../domain/sale-window.js';
import { brandsInUse, listProducts, type ProductRow, productById, variantsOf } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { actorOf, adminOnly } from './access.js';
import { adminView, publicView } from './views.js';

const BOARD_LIMIT = 15;

export function productRoutes(context: CatalogContext) {
  const { db, board } = context;

  /** Views need the drop calendar for each product's window. */
  const windowsFor = async () => {
    const calendar = new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(db));
    const now = context.clock.now();
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

  const app = new Hono<AppEnv>();
  mount(app, catalogOperations.listProducts, async (c) => {
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
  });
  mount(app, catalogOperations.productBrands, async (c) => {
    const brands = [...new Set([...PRESET_BRANDS, ...(await brandsInUse(db))])];
    return ok(c, { brands });
  });
  mount(app, catalogOperations.productVariants, async (c) => {
    const isAdmin = Boolean(principalOf(c).admin);
    const row = await productById(db, c.req.valid('param').id);
    if (!row || (!row.is_enabled && !isAdmin)) throw notFound('Product not found');
    const rows = row.variant_group ? await variantsOf(db, row.variant_group, !isAdmin) : [row];
    const windows = await windowsFor();
    const variants = rows.map((variant) =>
      isAdmin ? adminView(variant, windows.of(variant), windows.now) : publicView(variant, windows.of(variant), windows.now),
    );
    return ok(c, { variants });
  });
  mount(app, catalogOperations.createProduct, async (c) => {
    const admin = adminOnly(c);
    const { productId } = unlessRefused(await createProduct(context, c.req.valid('json'), actorOf(admin)));
    return ok(c, await adminProduct(productId), { message: 'Product created' }, 201);
  });
  mount(app, catalogOperations.updateProduct, async (c) => {
    const admin = adminOnly(c);
    const { id } = c.req.valid('param');
    // Which fields the body named: the ones it leaves out keep their values.
    const raw = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    unlessRefused(await updateProduct(context, id, c.req.valid('json'), new Set(Object.keys(raw ?? {})), actorOf(admin)));
    return ok(c, await adminProduct(id), { message: 'Product updated' });
  });
  mount(app, catalogOperations.toggleProduct, async (c) => {
    const admin = adminOnly(c);
    const { id } = c.req.valid('param');
    unlessRefused(await toggleProduct(context, id, actorOf(admin)));
    const product = await adminProduct(id);
    return ok(c, product, { message: product.isEnabled ? 'Product enabled' : 'Product disabled' });
  });
  return app;
}
