import { DropCalendar } from '../domain/drops.js';
import { applicableWindow } from '../domain/sale-window.js';
import { availableOf, listProducts } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import type { CatalogContext } from './context.js';

export interface NextDrop {
  id: string;
  label: string;
  opensAt: string;
  closesAt: string;
  unitsLeft: number;
}

/**
 * The drop open now, else the next to open, with what its products have left: what orders' waiting room shows
 * (docs/decisions/0153). A product counts when the drop's window is the one that applies to it (its own drop, or the
 * calendar's for a product with neither dates nor a drop), as its buyers are the room's.
 */
export async function nextDrop(context: CatalogContext): Promise<NextDrop | null> {
  const now = context.clock.now();
  const calendar = new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(context.db));
  const drop = calendar.currentOrNext(now);
  if (!drop) return null;
  let unitsLeft = 0;
  for (const row of await listProducts(context.db, { enabledOnly: true })) {
    const window = applicableWindow({ saleStartAt: row.sale_start_at, saleEndAt: row.sale_end_at, dropId: row.drop_id }, calendar, now);
    if (window.dropId === drop.id) unitsLeft += Math.max(0, availableOf(row));
  }
  return { id: drop.id, label: drop.label, opensAt: drop.opensAt.toISOString(), closesAt: drop.closesAt.toISOString(), unitsLeft };
}
