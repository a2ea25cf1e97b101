/**
 * How a deal drop sold (issue 39 item 1, the Drops chart): for each of its hours, the units sold then and so far,
 * against the units it offered; and per product, offered, sold and the share sold (sell-through). Pure arithmetic
 * over the catalogue's stock movement log, which records every unit received and sold with its time.
 *
 * A product's units offered in a drop are those in stock and not yet sold when it opened, and any received while it
 * ran (a restock, a positive adjustment); a unit held for an unpaid order at the opening is still offered (it may come
 * back). Units sold are the ones committed (paid) between its opening and its close.
 */

export interface StockMove {
  productId: string;
  at: Date;
  /** Units received (positive) or taken out by an adjustment (negative). */
  onHandDelta: number;
  /** Units sold. */
  soldDelta: number;
}

export interface DropSalesInput {
  opensAt: Date;
  closesAt: Date;
  products: readonly { id: string; name: string }[];
  moves: readonly StockMove[];
  now: Date;
}

export interface DropSales {
  /** One per hour from the opening to the close (or to now, while it runs): its first instant, sold in it and so far. */
  hours: { start: Date; sold: number; soldSoFar: number }[];
  offered: number;
  sold: number;
  /** Most units sold first, then by name. */
  products: { id: string; name: string; offered: number; sold: number; sellThroughPercent: number | null }[];
}

const HOUR_MS = 3_600_000;

/** The share sold, in whole percent rounded down (never more than it is); null when nothing was offered. */
export const sellThrough = (sold: number, offered: number): number | null => (offered > 0 ? Math.floor((sold * 100) / offered) : null);

export function dropSales({ opensAt, closesAt, products, moves, now }: DropSalesInput): DropSales {
  const until = new Date(Math.min(closesAt.getTime(), Math.max(now.getTime(), opensAt.getTime())));
  const hourCount = Math.ceil((until.getTime() - opensAt.getTime()) / HOUR_MS);
  const perHour = Array.from({ length: hourCount }, () => 0);
  const figures = new Map(products.map((product) => [product.id, { offered: 0, sold: 0 }]));
  for (const move of moves) {
    const product = figures.get(move.productId);
    if (!product) continue;
    if (move.at < opensAt) {
      product.offered += move.onHandDelta - move.soldDelta;
    } else if (move.at < until) {
      if (move.onHandDelta > 0) product.offered += move.onHandDelta;
      product.sold += move.soldDelta;
      const hour = Math.floor((move.at.getTime() - opensAt.getTime()) / HOUR_MS);
      perHour[hour] = (perHour[hour] ?? 0) + move.soldDelta;
    }
  }
  let soFar = 0;
  const hours = perHour.map((sold, i) => {
    soFar += sold;
    return { start: new Date(opensAt.getTime() + i * HOUR_MS), sold, soldSoFar: soFar };
  });
  // The best sellers first (a drop may carry dozens of products), then by name.
  const rows = products
    .map((product) => {
      const { offered, sold } = figures.get(product.id) ?? { offered: 0, sold: 0 };
      const kept = Math.max(0, offered);
      return { id: product.id, name: product.name, offered: kept, sold, sellThroughPercent: sellThrough(sold, kept) };
    })
    .sort((a, b) => b.sold - a.sold || a.name.localeCompare(b.name));
  return {
    hours,
    offered: rows.reduce((sum, row) => sum + row.offered, 0),
    sold: rows.reduce((sum, row) => sum + row.sold, 0),
    products: rows,
  };
}
