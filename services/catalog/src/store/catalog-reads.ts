import type { Kysely } from 'kysely';
import type { CatalogDb, ProductsTable } from './tables.js';

/** A product with its stock figures, as the views and the board read it. */
export type ProductRow = ProductsTable & { on_hand: number; held: number; sold: number };

export const availableOf = (row: Pick<ProductRow, 'on_hand' | 'held' | 'sold'>) => row.on_hand - row.held - row.sold;

function withStock(db: Kysely<CatalogDb>) {
  return db
    .selectFrom('products as p')
    .innerJoin('stock as s', 's.product_id', 'p.id')
    .select([
      'p.id',
      'p.name',
      'p.images',
      'p.price_paise',
      'p.amazon_price_paise',
      'p.amazon_price_recorded_at',
      'p.category',
      'p.brand',
      'p.descriptions',
      'p.sku',
      'p.variant_group',
      'p.is_variant_primary',
      'p.sale_start_at',
      'p.sale_end_at',
      'p.is_enabled',
      'p.exclusive',
      'p.drop_id',
      'p.hsn_code',
      'p.gst_rate_percent',
      'p.version',
      'p.created_at',
      'p.updated_at',
      's.on_hand',
      's.held',
      's.sold',
    ]);
}

/** Products newest first, with stock. */
export function listProducts(db: Kysely<CatalogDb>, options: { enabledOnly: boolean; limit?: number }): Promise<ProductRow[]> {
  let query = withStock(db).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  if (options.enabledOnly) query = query.where('p.is_enabled', '=', true);
  if (options.limit) query = query.limit(options.limit);
  return query.execute();
}

export function productById(db: Kysely<CatalogDb>, id: string): Promise<ProductRow | undefined> {
  return withStock(db).where('p.id', '=', id).executeTakeFirst();
}

/** The products of a variant group, the primary first. */
export function variantsOf(db: Kysely<CatalogDb>, group: string, enabledOnly: boolean): Promise<ProductRow[]> {
  let query = withStock(db).where('p.variant_group', '=', group);
  if (enabledOnly) query = query.where('p.is_enabled', '=', true);
  return query.orderBy('p.is_variant_primary', 'desc').orderBy('p.created_at').orderBy('p.id').execute();
}

/** Brands in use, for keeping one spelling of each. */
export async function brandsInUse(db: Kysely<CatalogDb>): Promise<string[]> {
  const rows = await db.selectFrom('products').select('brand').distinct().where('brand', '!=', '').orderBy('brand').execute();
  return rows.map((row) => row.brand);
}

/** Units ordered per product since `since` (completed orders only). */
export async function unitsOrderedSince(db: Kysely<CatalogDb>, since: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('completed_orders')
    .select(['product_id', (eb) => eb.fn.sum<number>('quantity').as('units')])
    .where('completed_at', '>=', since)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, Number(row.units)]));
}

/** Every member's Need and Greed items together, one array per member. */
export async function membersLists(db: Kysely<CatalogDb>): Promise<string[][]> {
  const rows = await db.selectFrom('members').select(['need_list', 'greed_list']).execute();
  return rows.map((row) => [...row.need_list, ...row.greed_list]);
}

/** What deciding whether a product can be bought needs: whether it is enabled, its own window and its drop. */
export function productSaleFacts(db: Kysely<CatalogDb>, productId: string) {
  return db
    .selectFrom('products')
    .select(['is_enabled', 'sale_start_at', 'sale_end_at', 'drop_id'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** Is there any product at all? */
export async function hasAnyProduct(db: Kysely<CatalogDb>): Promise<boolean> {
  const existing = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return existing !== undefined;
}
