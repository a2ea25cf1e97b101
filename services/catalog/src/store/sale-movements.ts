import type { Kysely } from 'kysely';
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
