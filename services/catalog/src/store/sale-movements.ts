import { type Kysely, sql } from 'kysely';
import type { StockMove } from '../domain/drop-sales.js';
import type { CatalogDb } from './tables.js';

/**
 * Units of each product sold (committed) and released (a hold given back or expired) since its sale opened, from the
 * movement log: the live view's figures for a sale in progress.
 */
export async function saleMovementsSince(
  db: Kysely<CatalogDb>,
  sales: { productId: string; since: Date }[],
): Promise<Map<string, { sold: number; released: number }>> {
  const figures = new Map(sales.map(({ productId }) => [productId, { sold: 0, released: 0 }]));
  if (sales.length === 0) return figures;
  const rows = await db
    .selectFrom('stock_movements')
    .select(['product_id', 'kind', (eb) => eb.fn.sum<string>('quantity').as('units')])
    .where((eb) => eb.or(sales.map(({ productId, since }) => eb.and([eb('product_id', '=', productId), eb('recorded_at', '>=', since)]))))
    .where('kind', 'in', ['commit', 'release', 'expire'])
    .groupBy(['product_id', 'kind'])
    .execute();
  for (const row of rows) {
    const product = figures.get(row.product_id);
    if (!product) continue;
    if (row.kind === 'commit') product.sold += Number(row.units);
    else product.released += Number(row.units);
  }
  return figures;
}

/**
 * The products' units received (restocks, adjustments) and sold (commits) for a drop's chart, summed in the database:
 * one move per product for everything before the opening (on hand less sold then), and one per product and hour of
 * the drop (its units received, never less than none, and sold), dated at the hour's start. A drop's products carry
 * their whole history; sending every movement to be summed here took over a second at 200,000 of them (decision 0166).
 */
export async function dropStockMoves(
  db: Kysely<CatalogDb>,
  productIds: string[],
  window: { opensAt: Date; closesAt: Date },
): Promise<StockMove[]> {
  if (productIds.length === 0) return [];
  const { opensAt, closesAt } = window;
  // The hour of the drop a movement falls in; -1 for any before the opening.
  const hour = sql<number>`case when recorded_at < ${opensAt} then -1
    else floor(extract(epoch from (recorded_at - ${opensAt}::timestamptz)) / 3600)::int end`;
  const { rows } = await sql<{ product_id: string; hour: number; on_hand: string; received: string; sold: string }>`
    select product_id, ${hour} as hour, sum(on_hand_delta) as on_hand,
      coalesce(sum(on_hand_delta) filter (where on_hand_delta > 0), 0) as received, sum(sold_delta) as sold
    from stock_movements
    where product_id in (${sql.join(productIds)}) and kind in ('restock', 'adjust', 'commit') and recorded_at < ${closesAt}
    group by product_id, 2`.execute(db);
  return rows.map((row) => {
    const before = Number(row.hour) < 0;
    return {
      productId: row.product_id,
      at: before ? new Date(opensAt.getTime() - 1) : new Date(opensAt.getTime() + Number(row.hour) * 3_600_000),
      onHandDelta: Number(before ? row.on_hand : row.received),
      soldDelta: Number(row.sold),
    };
  });
}
