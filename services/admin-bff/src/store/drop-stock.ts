import { type KnownDrop, knownDrops, saleDropOf } from '@elts/contracts';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { DropHourSums } from '../domain/drop-sales.js';
import type { AdminDb } from './tables.js';

/**
 * The Drops chart's read model (decision 0170): each stock move an event made (units on hand, units sold), summed per
 * product and Indian clock hour by the aggregate triggers (stock_hour_stats); and the drops the catalogue's events
 * scheduled, moved or cancelled.
 */

/** One move of a product's stock, once per event (a redelivered event adds nothing). */
export async function recordStockMove(db: Kysely<AdminDb>, row: Insertable<AdminDb['stock_moves']>): Promise<void> {
  await db
    .insertInto('stock_moves')
    .values(row)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/** A drop as its latest event left it (each carries the whole window). */
export async function saveDrop(db: Kysely<AdminDb>, drop: KnownDrop): Promise<void> {
  const row = { opens_at: drop.opensAt, closes_at: drop.closesAt, label: drop.label, cancelled: drop.cancelled };
  await db
    .insertInto('catalog_drops')
    .values({ drop_id: drop.id, ...row })
    .onConflict((oc) => oc.column('drop_id').doUpdateSet(row))
    .execute();
}

/** The units of an order's product (its own, or an exchange's replacement, which is as many). */
export async function orderQuantity(db: Kysely<AdminDb>, orderId: string): Promise<number | undefined> {
  const row = await db.selectFrom('product_orders').select('quantity').where('order_id', '=', orderId).executeTakeFirst();
  return row?.quantity;
}

interface StoredProduct {
  name: string;
  saleStartAt: string | null;
  saleEndAt: string | null;
  dropId: string | null;
}

/**
 * A drop by id (an operator's, or one of the calendar's by its Friday) and its products: those sold in it as their
 * window stood at its opening (given to it, or the calendar's drop of that time), as the catalogue counts them.
 */
export async function dropAndProducts(db: Kysely<AdminDb>, anchor: string, dropId: string) {
  const stored = await db.selectFrom('catalog_drops').selectAll().execute();
  const drops = knownDrops(
    anchor,
    stored.map((row) => ({ id: row.drop_id, opensAt: row.opens_at, closesAt: row.closes_at, label: row.label, cancelled: row.cancelled })),
  );
  const drop = drops.byId(dropId);
  if (!drop) return undefined;
  const rows = await db.selectFrom('catalog_products').select(['product_id', 'product']).execute();
  const products = rows
    .map((row) => ({
      id: row.product_id,
      product: (typeof row.product === 'string' ? JSON.parse(row.product) : row.product) as StoredProduct,
    }))
    .filter(({ product }) => saleDropOf(product, drops, drop.opensAt) === drop.id)
    .map(({ id, product }) => ({ id, name: product.name }));
  return { drop, products };
}

/**
 * The products' sums for a drop's chart, in one query: everything before the Indian hour the drop opens in (hour -1),
 * from the products' days before the day it opens (stock_day_stats) and their hours of that day before it; and each
 * of its hours from then up to its close (stock_hour_stats). A product has a row per day and per hour it moved in, so
 * this reads a row per day of its history and per hour of the drop's day and hours, never its moves.
 */
export async function dropHourSums(db: Kysely<AdminDb>, productIds: string[], window: { opensAt: Date; closesAt: Date }) {
  if (productIds.length === 0) return [];
  const { opensAt, closesAt } = window;
  const ids = sql.join(productIds);
  const opens = sql`${opensAt}::timestamptz`;
  const { rows } = await sql<{ product_id: string; hour: number; on_hand: string; received: string; sold: string }>`
    select product_id, -1 as hour, sum(on_hand) as on_hand, 0 as received, sum(sold) as sold
    from stock_day_stats where product_id in (${ids}) and day < indian_day(${opens})
    group by 1
    union all
    select product_id, greatest(-1, floor(extract(epoch from (hour - indian_hour(${opens}))) / 3600))::int,
      sum(on_hand), sum(received), sum(sold)
    from stock_hour_stats
    where product_id in (${ids}) and hour >= (indian_day(${opens})::timestamp - interval '330 minutes') at time zone 'UTC'
      and hour < ${closesAt}
    group by 1, 2`.execute(db);
  return rows.map(
    (row): DropHourSums => ({
      productId: row.product_id,
      hour: Number(row.hour),
      onHand: Number(row.on_hand),
      received: Number(row.received),
      sold: Number(row.sold),
    }),
  );
}
