/**
 * How a deal drop sold (issue 39 item 1, the Drops chart; decision 0170): for each of its hours, the units sold then
 * and so far, against the units it offered; and per product, offered, sold and the share sold (sell-through). Pure
 * arithmetic over the read model's sums per product and Indian clock hour (stock_hour_stats), which the events keep:
 * units received (a new product's stock, an operator's adjustment) and sold (paid orders, exchanges' replacements).
 *
 * A product's units offered in a drop are those in stock and not yet sold before the clock hour it opened in, and any
 * received from then on while it ran; units sold are those sold from that hour to its close. The chart's hours count
 * from the opening; the sums are India's clock hours from the one the drop opens in. A drop that opens on the hour
 * (every calendar drop opens at an Indian midnight) has exactly its own hours; one that opens within an hour counts
 * clock hour k in its hour k, so a sale may show in the hour after its own (never by more than the minutes past the
 * hour it opened at), and its last clock hour in its last hour.
 */

/** One product's sums over one of the drop's hours (`hour` from 0), or over everything before its first (`hour` -1). */
export interface DropHourSums {
  productId: string;
  hour: number;
  /** Units on hand added less taken out. */
  onHand: number;
  /** Units added (moves that took none out). */
  received: number;
  sold: number;
}

export interface DropSalesInput {
  opensAt: Date;
  closesAt: Date;
  products: readonly { id: string; name: string }[];
  sums: readonly DropHourSums[];
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

export const HOUR_MS = 3_600_000;

/** The share sold, in whole percent rounded down (never more than it is); null when nothing was offered. */
export const sellThrough = (sold: number, offered: number): number | null => (offered > 0 ? Math.floor((sold * 100) / offered) : null);

/** How many of the drop's hours have begun by `now` (all of them once it closed; none before it opens). */
export function hoursBegun(opensAt: Date, closesAt: Date, now: Date): number {
  const until = Math.min(closesAt.getTime(), Math.max(now.getTime(), opensAt.getTime()));
  return Math.ceil((until - opensAt.getTime()) / HOUR_MS);
}

export function dropSales({ opensAt, closesAt, products, sums, now }: DropSalesInput): DropSales {
  const perHour = Array.from({ length: hoursBegun(opensAt, closesAt, now) }, () => 0);
  const figures = new Map(products.map((product) => [product.id, { offered: 0, sold: 0 }]));
  for (const row of sums) {
    const product = figures.get(row.productId);
    if (!product) continue;
    // Before it opened (and everything so far, while it has not): what was in stock and unsold.
    if (row.hour < 0 || perHour.length === 0) {
      product.offered += row.onHand - row.sold;
      continue;
    }
    // A drop opening within an Indian hour has one clock hour more than its own hours: its last counts in its last.
    const hour = Math.min(row.hour, perHour.length - 1);
    product.offered += row.received;
    product.sold += row.sold;
    perHour[hour] = (perHour[hour] ?? 0) + row.sold;
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
