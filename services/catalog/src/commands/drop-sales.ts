import { type DropSales, dropSales } from '../domain/drop-sales.js';
import { type Drop, DropCalendar } from '../domain/drops.js';
import { applicableWindow } from '../domain/sale-window.js';
import { listProducts } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { dropStockMoves } from '../store/sale-movements.js';
import type { CatalogContext } from './context.js';

/**
 * How one deal drop sold (the back office's Drops chart): its products are those whose sale window, as it stood when
 * the drop opened, was the drop's (given to it, or the calendar's drop of the day); their received and sold units
 * come from the stock movement log up to the drop's close, summed per hour by the database. Undefined when there is
 * no such drop.
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
  const moves = await dropStockMoves(
    context.db,
    products.map((product) => product.id),
    drop,
  );
  return { drop, sales: dropSales({ opensAt: drop.opensAt, closesAt: drop.closesAt, products, moves, now: context.clock.now() }) };
}
