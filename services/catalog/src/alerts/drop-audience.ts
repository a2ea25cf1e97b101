import type { Kysely } from 'kysely';
import type { Drop, DropCalendar } from '../domain/drops.js';
import type { MatchableProduct } from '../domain/matching/matcher.js';
import { applicableWindow } from '../domain/sale-window.js';
import { availableOf, listProducts } from '../store/catalog-reads.js';
import type { CatalogDb } from '../store/tables.js';

/**
 * The products on sale in a drop, by the board's own rule (an own window wins, then the product's drop, then the
 * calendar's drop open or next), judged at the drop's opening: at the preview another drop may still be open, and
 * the products following the calendar then belong to that one until it closes. With `availableOnly` (the last
 * call), only those with a unit left to buy.
 */
export async function productsInDrop(
  db: Kysely<CatalogDb>,
  calendar: DropCalendar,
  drop: Drop,
  now: Date,
  options: { availableOnly: boolean },
): Promise<MatchableProduct[]> {
  const at = now > drop.opensAt ? now : drop.opensAt;
  const rows = await listProducts(db, { enabledOnly: true });
  return rows
    .filter((row) => {
      const window = applicableWindow({ saleStartAt: row.sale_start_at, saleEndAt: row.sale_end_at, dropId: row.drop_id }, calendar, at);
      const inDrop =
        window.source !== 'product' &&
        window.startAt?.getTime() === drop.opensAt.getTime() &&
        window.endAt?.getTime() === drop.closesAt.getTime();
      return inDrop && (!options.availableOnly || availableOf(row) > 0);
    })
    .map((row) => ({ id: row.id, name: row.name, brand: row.brand, category: row.category, pricePaise: row.price_paise }));
}
