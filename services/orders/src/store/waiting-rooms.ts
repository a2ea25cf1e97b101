import type { Kysely } from 'kysely';
import type { OrdersDb } from './tables.js';

/** One opening of one drop: a drop an operator moves gets a new room at its new opening. */
export interface RoomKey {
  dropId: string;
  opensAt: Date;
}

export interface RoomRow {
  seed: string;
  seedSha256: string;
  drawnAt: Date | null;
  admittedPerSecond: number | null;
}

const roomOf = (row: OrdersDb['waiting_rooms']): RoomRow => ({
  seed: row.seed,
  seedSha256: row.seed_sha256,
  drawnAt: row.drawn_at,
  admittedPerSecond: row.admitted_per_second,
});

const byKey = (db: Kysely<OrdersDb>, key: RoomKey) =>
  db.selectFrom('waiting_rooms').selectAll().where('drop_id', '=', key.dropId).where('opens_at', '=', key.opensAt);

export async function findRoom(db: Kysely<OrdersDb>, key: RoomKey): Promise<RoomRow | undefined> {
  const row = await byKey(db, key).executeTakeFirst();
  return row && roomOf(row);
}

/** The room with this seed, unless another instance opened it first: then theirs, so the room has one seed. */
export async function openRoom(
  db: Kysely<OrdersDb>,
  key: RoomKey,
  seed: { seed: string; seedSha256: string },
  now: Date,
): Promise<RoomRow> {
  await db
    .insertInto('waiting_rooms')
    .values({ drop_id: key.dropId, opens_at: key.opensAt, seed: seed.seed, seed_sha256: seed.seedSha256, created_at: now })
    .onConflict((oc) => oc.columns(['drop_id', 'opens_at']).doNothing())
    .execute();
  return roomOf(await byKey(db, key).executeTakeFirstOrThrow());
}

/**
 * Adds the member unless the room was drawn. The room's row is held in share mode while joining and in update mode
 * while drawing, so a join that began before the draw is in it and none lands after it. Answers whether the member is
 * an entrant (a repeat of a join is one).
 */
export async function joinRoom(db: Kysely<OrdersDb>, key: RoomKey, memberId: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const room = await byKey(trx, key).forShare().executeTakeFirst();
    if (!room || room.drawn_at) return false;
    await trx
      .insertInto('waiting_room_entrants')
      .values({ drop_id: key.dropId, opens_at: key.opensAt, member_id: memberId, joined_at: now })
      .onConflict((oc) => oc.columns(['drop_id', 'opens_at', 'member_id']).doNothing())
      .execute();
    return true;
  });
}

/** Closes the entrants' list at the opening (once: a second draw finds it drawn) and answers the room as drawn. */
export async function drawRoom(db: Kysely<OrdersDb>, key: RoomKey, admittedPerSecond: number, now: Date): Promise<RoomRow> {
  return db.transaction().execute(async (trx) => {
    const row = await byKey(trx, key).forUpdate().executeTakeFirstOrThrow();
    if (row.drawn_at) return roomOf(row);
    await trx
      .updateTable('waiting_rooms')
      .set({ drawn_at: now, admitted_per_second: admittedPerSecond })
      .where('drop_id', '=', key.dropId)
      .where('opens_at', '=', key.opensAt)
      .execute();
    return roomOf({ ...row, drawn_at: now, admitted_per_second: admittedPerSecond });
  });
}

export async function entrantIds(db: Kysely<OrdersDb>, key: RoomKey): Promise<string[]> {
  const rows = await db
    .selectFrom('waiting_room_entrants')
    .select('member_id')
    .where('drop_id', '=', key.dropId)
    .where('opens_at', '=', key.opensAt)
    .execute();
  return rows.map((row) => row.member_id);
}

export async function isEntrant(db: Kysely<OrdersDb>, key: RoomKey, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('waiting_room_entrants')
    .select('member_id')
    .where('drop_id', '=', key.dropId)
    .where('opens_at', '=', key.opensAt)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The latest drawn room of a drop: what its published draw is made of. */
export async function latestDrawnRoom(db: Kysely<OrdersDb>, dropId: string): Promise<(RoomRow & RoomKey) | undefined> {
  const row = await db
    .selectFrom('waiting_rooms')
    .selectAll()
    .where('drop_id', '=', dropId)
    .where('drawn_at', 'is not', null)
    .orderBy('opens_at', 'desc')
    .executeTakeFirst();
  return row && { ...roomOf(row), dropId: row.drop_id, opensAt: row.opens_at };
}

/** A room's size for the operators' live view. */
export interface RoomSize extends RoomKey {
  drawn: boolean;
  entrants: number;
}

/** Every room not drawn yet, and those that opened since `openedSince`, with how many members joined each. */
export async function roomSizes(db: Kysely<OrdersDb>, openedSince: Date): Promise<RoomSize[]> {
  const rows = await db
    .selectFrom('waiting_rooms as r')
    .leftJoin('waiting_room_entrants as e', (join) => join.onRef('e.drop_id', '=', 'r.drop_id').onRef('e.opens_at', '=', 'r.opens_at'))
    .select(['r.drop_id', 'r.opens_at', 'r.drawn_at', (eb) => eb.fn.count<string>('e.member_id').as('entrants')])
    .where((eb) => eb.or([eb('r.drawn_at', 'is', null), eb('r.opens_at', '>=', openedSince)]))
    .groupBy(['r.drop_id', 'r.opens_at', 'r.drawn_at'])
    .orderBy('r.opens_at')
    .execute();
  return rows.map((row) => ({ dropId: row.drop_id, opensAt: row.opens_at, drawn: row.drawn_at !== null, entrants: Number(row.entrants) }));
}
