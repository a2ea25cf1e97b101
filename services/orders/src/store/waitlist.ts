import type { OrderPayload } from '@elts/contracts';
import { type Kysely, sql } from 'kysely';
import type { OrdersDb, WaitlistTable } from './tables.js';

/**
 * A sold-out product's waitlist (migration 0011): places in the order of joining, and each place's part in handing
 * over a unit that came back (waitlist/hand-over.ts).
 */
type Db = Kysely<OrdersDb>;

export type WaitlistPlace = Pick<WaitlistTable, 'product_id' | 'member_id' | 'state' | 'request' | 'order_id' | 'handed_from'>;

/**
 * Puts the member on the product's waitlist, at the end; a member already waiting keeps their place (their details
 * are updated), one who left, was passed over or saw the sale end joins again at the end. Answers whether they were already waiting.
 */
export async function joinWaitlist(db: Db, place: { productId: string; memberId: string; request: OrderPayload; now: Date }) {
  const row = await db
    .insertInto('waitlist')
    .values({
      product_id: place.productId,
      member_id: place.memberId,
      joined_at: place.now,
      state: 'waiting',
      request: JSON.stringify(place.request) as never,
      order_id: null,
      handed_from: null,
      updated_at: place.now,
    })
    .onConflict((oc) =>
      oc.columns(['product_id', 'member_id']).doUpdateSet((eb) => ({
        request: eb.ref('excluded.request'),
        updated_at: eb.ref('excluded.updated_at'),
        // Only a place no longer in the queue starts again at the end.
        joined_at: sql`case when waitlist.state = 'waiting' then waitlist.joined_at else excluded.joined_at end`,
        order_id: sql`case when waitlist.state in ('left', 'passed', 'closed') then null else waitlist.order_id end`,
        handed_from: sql`case when waitlist.state in ('left', 'passed', 'closed') then null else waitlist.handed_from end`,
        state: sql`case when waitlist.state in ('left', 'passed', 'closed') then 'waiting' else waitlist.state end`,
      })),
    )
    .returning(['state'])
    .executeTakeFirstOrThrow();
  return row.state;
}

export interface WaitingPlace {
  productId: string;
  /** 1 is next. */
  position: number;
  joinedAt: Date;
}

/** The member's places on the waitlists they are waiting on (of one product, when named), each with its position. */
export async function placesOf(db: Db, memberId: string, productId?: string): Promise<WaitingPlace[]> {
  const result = await sql<{ product_id: string; joined_at: Date; position: number }>`
    select w.product_id, w.joined_at,
           (select count(*)::int + 1 from waitlist o
             where o.product_id = w.product_id and o.state = 'waiting'
               and (o.joined_at, o.member_id) < (w.joined_at, w.member_id)) as position
    from waitlist w
    where w.member_id = ${memberId} and w.state = 'waiting'
      and (${productId ?? null}::text is null or w.product_id = ${productId ?? null})
    order by w.joined_at`.execute(db);
  return result.rows.map((row) => ({ productId: row.product_id, position: row.position, joinedAt: new Date(row.joined_at) }));
}

/** Takes the member off the list; answers whether they were waiting. */
export async function leaveWaitlist(db: Db, productId: string, memberId: string, now: Date): Promise<boolean> {
  const left = await db
    .updateTable('waitlist')
    .set({ state: 'left', updated_at: now })
    .where('product_id', '=', productId)
    .where('member_id', '=', memberId)
    .where('state', '=', 'waiting')
    .executeTakeFirst();
  return Number(left.numUpdatedRows) > 0;
}

/** Closes the places still waiting for a product whose sale ended; answers the members whose place it closed. */
export async function closeWaiting(db: Db, productId: string, now: Date): Promise<string[]> {
  const closed = await db
    .updateTable('waitlist')
    .set({ state: 'closed', updated_at: now })
    .where('product_id', '=', productId)
    .where('state', '=', 'waiting')
    .returning('member_id')
    .execute();
  return closed.map((row) => row.member_id);
}

/** Whether anyone waits for the product: its units are theirs first, even while some are free (a restock). */
export async function anyoneWaiting(db: Db, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('waitlist')
    .select('member_id')
    .where('product_id', '=', productId)
    .where('state', '=', 'waiting')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many members wait on each product's waitlist, for products with any (the operators' live view). */
export async function waitingCounts(db: Db): Promise<{ productId: string; waiting: number }[]> {
  const rows = await db
    .selectFrom('waitlist')
    .select(['product_id', (eb) => eb.fn.countAll<string>().as('waiting')])
    .where('state', '=', 'waiting')
    .groupBy('product_id')
    .execute();
  return rows.map((row) => ({ productId: row.product_id, waiting: Number(row.waiting) }));
}

/**
 * The member a released unit goes to: the one already chosen for it (a hand-over run again), else the first still
 * waiting, now marked as chosen with the order their reservation will be. Concurrent hand-overs of one product's
 * units each take a different member (the first's row is skipped while locked).
 */
export async function chooseForUnit(
  db: Db,
  unit: { productId: string; handedFrom: string; orderId: string; now: Date },
): Promise<WaitlistPlace | undefined> {
  const chosenBefore = (trx: Db) => trx.selectFrom('waitlist').selectAll().where('handed_from', '=', unit.handedFrom).executeTakeFirst();
  const choose = () =>
    db.transaction().execute(async (trx) => {
      const chosen = await chosenBefore(trx);
      if (chosen) return chosen;
      const next = await trx
        .selectFrom('waitlist')
        .select(['product_id', 'member_id'])
        .where('product_id', '=', unit.productId)
        .where('state', '=', 'waiting')
        .orderBy('joined_at')
        .orderBy('member_id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!next) return undefined;
      return trx
        .updateTable('waitlist')
        .set({ state: 'offering', order_id: unit.orderId, handed_from: unit.handedFrom, updated_at: unit.now })
        .where('product_id', '=', next.product_id)
        .where('member_id', '=', next.member_id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  // Two runs of one release chose two members at once: the unique handed_from lets one win; the other takes its choice.
  return choose().catch(async (error) => {
    if ((error as { code?: string }).code !== '23505') throw error;
    return chosenBefore(db);
  });
}

/**
 * How a chosen place ends: the reservation made ('offered'), the member passed over, or back in the queue (no unit
 * after all). Only an offered place keeps the unit it took; the others free it for the next member.
 */
export async function settlePlace(db: Db, place: WaitlistPlace, state: 'offered' | 'passed' | 'waiting', now: Date): Promise<void> {
  const freed = state !== 'offered';
  await db
    .updateTable('waitlist')
    .set({ state, updated_at: now, ...(freed ? { order_id: null, handed_from: null } : {}) })
    .where('product_id', '=', place.product_id)
    .where('member_id', '=', place.member_id)
    .execute();
}
