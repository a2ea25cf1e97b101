import { type DropSales, dropSales, type StockMove } from '../domain/drop-sales.js';
import { type Drop, DropCalendar } from '../domain/drops.js';
import { applicableWindow } from '../domain/sale-window.js';
import { listProducts } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import type { CatalogContext } from './context.js';

/**
 * How one deal drop sold (the back office's Drops chart): its products are those whose sale window, as it stood when
 * the drop opened, was the drop's (given to it, or the calendar's drop of the day); their received and sold units
 * come from the stock movement log up to the drop's close. Undefined when there is no such drop.
 */
export async function salesOfDrop(context: CatalogContext, dropId: string): Promise<{ drop: Drop; sales: DropSales } | undefined> {
  const calendar = new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(context.db));
  const drop = calendar.byId(dropId);
  if (!drop) return undefined;
  const products = (await listProducts(context.db, { enabledOnly: false }))
    .filter(
      (row) =>
        applicableWindow({ saleStartAt: row.sale_start_at, saleEndAt: row.sale_end_at, dropId: row.drop_id }, calendar, drop.opensAt)
          .dropId === drop.id,
    )
    .map((row) => ({ id: row.id, name: row.name }));
  const moves: StockMove[] =
    products.length === 0
      ? []
      : (
          await context.db
            .selectFrom('stock_movements')
            .select(['product_id', 'recorded_at', 'on_hand_delta', 'sold_delta'])
            .where(
              'product_id',
              'in',
              products.map((product) => product.id),
            )
            .where('kind', 'in', ['restock', 'adjust', 'commit'])
            .where('recorded_at', '<', drop.closesAt)
            .execute()
        ).map((row) => ({
          productId: row.product_id,
          at: row.recorded_at,
          onHandDelta: Number(row.on_hand_delta),
          soldDelta: Number(row.sold_delta),
        }));
  return { drop, sales: dropSales({ opensAt: drop.opensAt, closesAt: drop.closesAt, products, moves, now: context.clock.now() }) };
}
