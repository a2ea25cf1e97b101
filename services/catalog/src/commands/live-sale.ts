import { DropCalendar } from '../domain/drops.js';
import { applicableWindow, saleStateAt } from '../domain/sale-window.js';
import { listProducts } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { saleMovementsSince } from '../store/sale-movements.js';
import type { CatalogContext } from './context.js';

export interface LiveSaleProduct {
  id: string;
  name: string;
  brand: string;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  /** Units neither sold nor held: what a buyer can still get. */
  left: number;
  /** Units held for orders not yet paid (reservations). */
  reserved: number;
  /** Units sold since the sale opened. */
  sold: number;
  /** Units given back since the sale opened (a reservation expired, failed or cancelled). */
  released: number;
}

/**
 * The operators' live view of what is on sale now (issue 33 item 5): every enabled product whose sale window (its
 * own, or its drop's) is open, with its stock as the ledger has it this moment and what moved since the sale opened.
 */
export async function liveSale(context: CatalogContext): Promise<LiveSaleProduct[]> {
  const now = context.clock.now();
  const drops = new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(context.db));
  const open = (await listProducts(context.db, { enabledOnly: true }))
    .map((row) => ({
      row,
      window: applicableWindow({ saleStartAt: row.sale_start_at, saleEndAt: row.sale_end_at, dropId: row.drop_id }, drops, now),
    }))
    .filter(({ window }) => saleStateAt(window, now) === 'open');
  // Each product counts from its own opening (an open-ended sale from the start of the log).
  const moved = await saleMovementsSince(
    context.db,
    open.map(({ row, window }) => ({ productId: row.id, since: window.startAt ?? new Date(0) })),
  );
  return open
    .map(({ row, window }) => {
      const figures = moved.get(row.id);
      return {
        id: row.id,
        name: row.name,
        brand: row.brand,
        saleStartsAt: window.startAt?.toISOString() ?? null,
        saleEndsAt: window.endAt?.toISOString() ?? null,
        left: Number(row.on_hand) - Number(row.held) - Number(row.sold),
        reserved: Number(row.held),
        sold: figures?.sold ?? 0,
        released: figures?.released ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
