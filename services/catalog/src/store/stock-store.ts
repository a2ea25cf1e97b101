import type { StockHandOver, StockHoldResult, StockMoveResult, StockRelease } from '@elts/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { CatalogDb, HoldRefusal, MovementKind } from './tables.js';

/**
 * Stock rows, holds and the movement log. Every function here runs inside the caller's transaction and changes a
 * stock row only with one conditional statement (`... where on_hand - held - sold >= q`) or under the hold row's
 * lock; the table's CHECK is the backstop. Locks are always taken hold row first, stock row last, so two of these
 * never wait on each other in a cycle.
 */
type Db = Kysely<CatalogDb> | Transaction<CatalogDb>;

export interface StockFigures {
  onHand: number;
  held: number;
  sold: number;
  available: number;
}

interface Movement {
  productId: string;
  kind: MovementKind;
  quantity: number;
  onHand?: number;
  held?: number;
  sold?: number;
  orderId?: string | null;
  actor: string;
}

async function logMovement(db: Db, movement: Movement): Promise<void> {
  await db
    .insertInto('stock_movements')
    .values({
      product_id: movement.productId,
      kind: movement.kind,
      quantity: movement.quantity,
      on_hand_delta: movement.onHand ?? 0,
      held_delta: movement.held ?? 0,
      sold_delta: movement.sold ?? 0,
      order_id: movement.orderId ?? null,
      actor: movement.actor,
    })
    .execute();
}

export async function stockOf(db: Db, productId: string, forUpdate = false): Promise<StockFigures | undefined> {
  let query = db.selectFrom('stock').select(['on_hand', 'held', 'sold']).where('product_id', '=', productId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && { onHand: row.on_hand, held: row.held, sold: row.sold, available: row.on_hand - row.held - row.sold };
}

/** A new product's stock: its first units on hand. */
export async function openStock(db: Db, productId: string, units: number, actor: string): Promise<void> {
  await db.insertInto('stock').values({ product_id: productId, on_hand: units }).execute();
  if (units > 0) await logMovement(db, { productId, kind: 'restock', quantity: units, onHand: units, actor });
}

/**
 * An admin sets how many units are available: on hand moves so that on_hand - held - sold becomes `available`.
 * Done under the stock row's lock, so a hold in flight is either counted or waits.
 */
export async function setAvailable(
  db: Db,
  productId: string,
  available: number,
  actor: string,
  now: Date,
): Promise<{ previous: number; delta: number } | undefined> {
  const current = await stockOf(db, productId, true);
  if (!current || current.available === available) return undefined;
  const delta = available - current.available;
  await db
    .updateTable('stock')
    .set({ on_hand: current.onHand + delta, updated_at: now })
    .where('product_id', '=', productId)
    .execute();
  await logMovement(db, { productId, kind: 'adjust', quantity: Math.abs(delta), onHand: delta, actor });
  return { previous: current.available, delta };
}

export interface HoldRequest {
  orderId: string;
  productId: string;
  quantity: number;
  holdUntil: Date;
  now: Date;
}

function answerFor(row: {
  product_id: string;
  quantity: number;
  state: string;
  refusal: HoldRefusal | null;
  hold_until: Date;
  created_at: Date;
}): StockHoldResult {
  if (row.state === 'refused') return { held: false, reason: row.refusal ?? 'out_of_stock' };
  // The order was given up before its hold arrived: it holds nothing, and the caller has moved on.
  if (isReleaseMark(row)) return { held: false, reason: 'not_buyable' };
  return { held: true, productId: row.product_id, quantity: row.quantity, holdUntil: row.hold_until.toISOString() };
}

/**
 * Holds units for an order. The hold row is inserted first: its primary key makes a second call with the same
 * order id wait for the first and then answer as it did. `buyable` checks the product and its sale window.
 */
export async function holdStock(
  db: Transaction<CatalogDb>,
  request: HoldRequest,
  buyable: () => Promise<'ok' | 'not_found' | 'not_buyable'>,
): Promise<{ result: StockHoldResult; repeated: boolean; conflicting: boolean }> {
  const { orderId, productId, quantity, holdUntil, now } = request;
  const inserted = await db
    .insertInto('stock_holds')
    .values({
      order_id: orderId,
      product_id: productId,
      quantity,
      state: 'held',
      refusal: null,
      hold_until: holdUntil,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  if (!inserted) {
    const first = await db.selectFrom('stock_holds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const conflicting = first.product_id !== productId || first.quantity !== quantity;
    return { result: answerFor(first), repeated: true, conflicting };
  }
  const refuse = async (reason: HoldRefusal) => {
    await db.updateTable('stock_holds').set({ state: 'refused', refusal: reason }).where('order_id', '=', orderId).execute();
    return { result: { held: false as const, reason }, repeated: false, conflicting: false };
  };

  const verdict = await buyable();
  if (verdict !== 'ok') return refuse(verdict);
  // Holds of this product left past their time (a caller that crashed) give their units back, but only when the
  // units free now are too few: in a drop nearly every hold finds enough, and the expiry would be a statement more
  // for each of them.
  const taken =
    (await takeUnits(db, productId, quantity, now)) ??
    ((await expireDueHolds(db, now, productId)) > 0 ? await takeUnits(db, productId, quantity, now) : undefined);
  if (!taken) return refuse('out_of_stock');
  await logMovement(db, { productId, kind: 'hold', quantity, held: quantity, orderId, actor: `order:${orderId}` });
  return { result: { held: true, productId, quantity, holdUntil: holdUntil.toISOString() }, repeated: false, conflicting: false };
}

/** Holds `quantity` units if that many are neither held nor sold, in one statement. */
async function takeUnits(db: Transaction<CatalogDb>, productId: string, quantity: number, now: Date) {
  return db
    .updateTable('stock')
    .set((eb) => ({ held: eb('held', '+', quantity), updated_at: now }))
    .where('product_id', '=', productId)
    .where(sql<boolean>`on_hand - held - sold >= ${quantity}`)
    .returning('product_id')
    .executeTakeFirst();
}

/**
 * A release that comes before its hold (the caller lost the hold's answer and gave up while the hold was still on
 * its way) leaves a released row in the hold's place: the hold, when it arrives, meets it on the primary key and
 * takes no units, rather than keeping them from every other buyer until it expires. Should a hold have got there
 * first after all, its row is returned, locked, to be released. Without the product and quantity (an old caller)
 * there is nothing to mark.
 */
async function markReleased(db: Transaction<CatalogDb>, { orderId, productId, quantity }: StockRelease, now: Date) {
  if (!productId || !quantity) return undefined;
  await db
    .insertInto('stock_holds')
    .values({
      order_id: orderId,
      product_id: productId,
      quantity,
      state: 'released',
      refusal: null,
      hold_until: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
  return lockedHold(db, orderId);
}

/** A release mark, not a hold: a real hold lasts HOLD_MINUTES at least, a mark ends the moment it is made. */
const isReleaseMark = (row: { state: string; hold_until: Date; created_at: Date }) =>
  row.state === 'released' && row.hold_until.getTime() === row.created_at.getTime();

async function lockedHold(db: Transaction<CatalogDb>, orderId: string) {
  return db.selectFrom('stock_holds').selectAll().where('order_id', '=', orderId).forUpdate().executeTakeFirst();
}

/** A hold whose units were all handed to waitlisted members is, to its own order, released. */
const settled = (state: string | undefined): StockMoveResult['state'] => {
  if (state === undefined || state === 'refused') return 'none';
  return state === 'handed' ? 'released' : (state as StockMoveResult['state']);
};

/** Gives an order's held units back. Anything but a live hold is left as it is and reported. */
export async function releaseStock(
  db: Transaction<CatalogDb>,
  request: StockRelease,
  now: Date,
): Promise<{ state: StockMoveResult['state']; changed?: string }> {
  const { orderId } = request;
  const hold = (await lockedHold(db, orderId)) ?? (await markReleased(db, request, now));
  if (!hold || isReleaseMark(hold)) return { state: 'none' };
  if (hold.state !== 'held') return { state: settled(hold.state) };
  await db.updateTable('stock_holds').set({ state: 'released', updated_at: now }).where('order_id', '=', orderId).execute();
  await db
    .updateTable('stock')
    .set((eb) => ({ held: eb('held', '-', hold.quantity), updated_at: now }))
    .where('product_id', '=', hold.product_id)
    .execute();
  await logMovement(db, {
    productId: hold.product_id,
    kind: 'release',
    quantity: hold.quantity,
    held: -hold.quantity,
    orderId,
    actor: `order:${orderId}`,
  });
  return { state: 'released', changed: hold.product_id };
}

/**
 * Moves one unit of a released order's live hold to a waitlisted member's order (issue 33 item 3): the giver's hold
 * shrinks (and becomes 'handed' at none), the taker's is made, and the stock row is not touched: the unit stays held
 * throughout, so no other buyer can take it in between. The taker's row is the key: a repeat answers as the first
 * did. A giver without a live unit (expired, released, committed) hands nothing over and leaves no row behind.
 */
export async function handOverStock(
  db: Transaction<CatalogDb>,
  request: Omit<StockHandOver, 'holdUntil'> & { holdUntil: Date },
  buyable: (productId: string) => Promise<'ok' | 'not_found' | 'not_buyable'>,
  now: Date,
): Promise<{ result: StockHoldResult; changed?: string }> {
  const { fromOrderId, toOrderId, holdUntil } = request;
  // The giver's lock first: hand-overs of one order's units wait for each other, and each then sees the last's taker.
  const giver = await lockedHold(db, fromOrderId);
  const earlier = await lockedHold(db, toOrderId);
  if (earlier) return { result: answerFor(earlier) };
  if (giver?.state !== 'held' || giver.quantity < 1 || giver.hold_until <= now) return { result: { held: false, reason: 'out_of_stock' } };
  const verdict = await buyable(giver.product_id);
  if (verdict !== 'ok') return { result: { held: false, reason: verdict } };
  const left = giver.quantity - 1;
  await db
    .updateTable('stock_holds')
    .set({ quantity: left, state: left === 0 ? 'handed' : 'held', updated_at: now })
    .where('order_id', '=', fromOrderId)
    .execute();
  await db
    .insertInto('stock_holds')
    .values({
      order_id: toOrderId,
      product_id: giver.product_id,
      quantity: 1,
      state: 'held',
      refusal: null,
      hold_until: holdUntil,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await logMovement(db, { productId: giver.product_id, kind: 'hand_over', quantity: 1, orderId: toOrderId, actor: `order:${fromOrderId}` });
  return {
    result: { held: true, productId: giver.product_id, quantity: 1, holdUntil: holdUntil.toISOString() },
    changed: giver.product_id,
  };
}

/**
 * Turns an order's held units into sold ones. A hold that expired or was released meanwhile (a payment that
 * succeeded late) is taken again if the units are still there; otherwise the answer is 'released' and the
 * caller refunds.
 */
export async function commitStock(
  db: Transaction<CatalogDb>,
  orderId: string,
  now: Date,
): Promise<{ state: StockMoveResult['state']; changed?: string }> {
  const hold = await lockedHold(db, orderId);
  if (!hold || hold.state === 'refused' || isReleaseMark(hold)) return { state: 'none' };
  if (hold.state === 'committed') return { state: 'committed' };
  const { product_id: productId, quantity } = hold;
  if (hold.state === 'held') {
    await db
      .updateTable('stock')
      .set((eb) => ({ held: eb('held', '-', quantity), sold: eb('sold', '+', quantity), updated_at: now }))
      .where('product_id', '=', productId)
      .execute();
    await logMovement(db, { productId, kind: 'commit', quantity, held: -quantity, sold: quantity, orderId, actor: `order:${orderId}` });
  } else {
    const retaken = await db
      .updateTable('stock')
      .set((eb) => ({ sold: eb('sold', '+', quantity), updated_at: now }))
      .where('product_id', '=', productId)
      .where(sql<boolean>`on_hand - held - sold >= ${quantity}`)
      .returning('product_id')
      .executeTakeFirst();
    if (!retaken) return { state: 'released' };
    await logMovement(db, { productId, kind: 'commit', quantity, sold: quantity, orderId, actor: `order:${orderId}` });
  }
  await db.updateTable('stock_holds').set({ state: 'committed', updated_at: now }).where('order_id', '=', orderId).execute();
  return { state: 'committed', changed: productId };
}

/**
 * Expires one product's holds past their time, in a single statement: the hold rows (those another transaction is
 * working on are skipped, never waited for), the stock row, and the movements. Returns how many expired.
 */
export async function expireDueHolds(db: Db, now: Date, productId: string, limit = 500): Promise<number> {
  const result = await sql<{ expired: number }>`
    with due as (
      select order_id from stock_holds
      where state = 'held' and hold_until <= ${now} and product_id = ${productId}
      order by order_id
      limit ${limit}
      for update skip locked
    ), expired as (
      update stock_holds h set state = 'expired', updated_at = ${now}
      from due where h.order_id = due.order_id
      returning h.order_id, h.product_id, h.quantity
    ), released as (
      update stock s set held = s.held - (select coalesce(sum(quantity), 0) from expired)::int, updated_at = ${now}
      where s.product_id = ${productId} and exists (select 1 from expired)
      returning s.product_id
    ), logged as (
      insert into stock_movements (product_id, kind, quantity, held_delta, order_id, actor)
      select product_id, 'expire', quantity, -quantity, order_id, 'system:hold-expiry' from expired
      returning id
    )
    select count(*)::int as expired from logged`.execute(db);
  return result.rows[0]?.expired ?? 0;
}

/** Products with holds past their time: what the recurring expiry job walks, one product per statement. */
export async function productsWithDueHolds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('stock_holds')
    .select('product_id')
    .distinct()
    .where('state', '=', 'held')
    .where('hold_until', '<=', now)
    .execute();
  return rows.map((row) => row.product_id);
}
