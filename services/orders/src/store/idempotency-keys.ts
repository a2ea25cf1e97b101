import type { Kysely } from 'kysely';
import type { OrdersDb } from './tables.js';

export type IdempotencyKey = { memberId: string; key: string };

function claimRow(db: Kysely<OrdersDb>, claim: IdempotencyKey) {
  return db.selectFrom('order_idempotency as k').where('k.member_id', '=', claim.memberId).where('k.idempotency_key', '=', claim.key);
}

/** Claims the key for `orderId` unless it is claimed already; whether this call claimed it. */
export async function insertIdempotencyClaim(
  db: Kysely<OrdersDb>,
  claim: IdempotencyKey & { digest: string },
  orderId: string,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('order_idempotency')
    .values({
      member_id: claim.memberId,
      idempotency_key: claim.key,
      order_id: orderId,
      created_at: now,
      request_digest: claim.digest,
    })
    .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
    .returning('order_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The key's claim, with `recorded` set when its order has been recorded. */
export function findIdempotencyClaim(db: Kysely<OrdersDb>, claim: IdempotencyKey) {
  return claimRow(db, claim)
    .leftJoin('orders as o', 'o.order_id', 'k.order_id')
    .select(['k.order_id', 'k.created_at', 'k.request_digest', 'o.order_id as recorded'])
    .executeTakeFirst();
}

/** Which of these keys have a claim: one read for many (the buyers refused at arrival under a burst, decision 0074). */
export async function findClaimedKeys(db: Kysely<OrdersDb>, keys: IdempotencyKey[]): Promise<IdempotencyKey[]> {
  const rows = await db
    .selectFrom('order_idempotency')
    .select(['member_id', 'idempotency_key'])
    .where((eb) =>
      eb(
        eb.refTuple('member_id', 'idempotency_key'),
        'in',
        keys.map(({ memberId, key }) => eb.tuple(memberId, key)),
      ),
    )
    .execute();
  return rows.map((row) => ({ memberId: row.member_id, key: row.idempotency_key }));
}

/** The order the key is claimed for, its row locked until the transaction ends. */
export function lockIdempotencyClaim(db: Kysely<OrdersDb>, claim: IdempotencyKey) {
  return claimRow(db, claim).select('k.order_id').forUpdate().executeTakeFirst();
}

/** Has the order been recorded? */
export async function isOrderRecorded(db: Kysely<OrdersDb>, orderId: string): Promise<boolean> {
  const recorded = await db.selectFrom('orders').select('order_id').where('order_id', '=', orderId).executeTakeFirst();
  return recorded !== undefined;
}

/** Moves the key's claim to another order, with that request's digest. */
export async function reassignIdempotencyClaim(
  db: Kysely<OrdersDb>,
  claim: IdempotencyKey & { digest: string },
  orderId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('order_idempotency')
    .set({ order_id: orderId, created_at: now, request_digest: claim.digest })
    .where('member_id', '=', claim.memberId)
    .where('idempotency_key', '=', claim.key)
    .execute();
}

/** Drops the key's claim for `orderId`, unless that order has been recorded. */
export async function dropUnrecordedClaim(db: Kysely<OrdersDb>, claim: IdempotencyKey, orderId: string): Promise<void> {
  await db
    .deleteFrom('order_idempotency')
    .where('member_id', '=', claim.memberId)
    .where('idempotency_key', '=', claim.key)
    .where('order_id', '=', orderId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('orders').select('order_id').where('order_id', '=', orderId))))
    .execute();
}
