import type { GiveawayPrize } from '@elts/contracts';
import { type Kysely, sql } from 'kysely';
import { wallName } from '../domain/member.js';
import type { IdentityDb } from './tables.js';

/**
 * The giveaway run's one lock: setting prizes, drawing and entering take turns, so a draw sees every entry made
 * before it and no entry lands after it, and prizes cannot change under a draw.
 */
export async function lockGiveawayRun(db: Kysely<IdentityDb>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('identity.giveaway-run'))`.execute(db);
}

export async function giveawayPrizes(db: Kysely<IdentityDb>): Promise<GiveawayPrize[]> {
  const rows = await db.selectFrom('giveaway_prizes').selectAll().orderBy('slot').execute();
  return rows.map((row) => ({
    slot: row.slot,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    productId: row.product_id,
  }));
}

export const giveawayDraw = (db: Kysely<IdentityDb>) => db.selectFrom('giveaway_draw').selectAll().executeTakeFirst();

/**
 * Each prize's winner (for operators: who, and their address) with the name the public sees: the wall's first name and last initial, or only their member
 * number for a member who chose to keep their name off the wall.
 */
export async function giveawayWinners(db: Kysely<IdentityDb>) {
  const rows = await db
    .selectFrom('giveaway_winners')
    .innerJoin('giveaway_prizes', 'giveaway_prizes.slot', 'giveaway_winners.slot')
    .innerJoin('members', 'members.id', 'giveaway_winners.member_id')
    .select([
      'giveaway_winners.slot',
      'giveaway_winners.member_id',
      'giveaway_prizes.name as prize',
      'members.firstname',
      'members.lastname',
      'members.email',
      'members.member_number',
      'members.hide_from_wall',
    ])
    .orderBy('giveaway_winners.slot')
    .execute();
  return rows.map((row) => ({
    slot: row.slot,
    memberId: row.member_id,
    memberNumber: row.member_number,
    email: row.email,
    prize: row.prize,
    name: row.hide_from_wall ? `Member #${row.member_number}` : wallName(row.firstname, row.lastname, row.member_number),
  }));
}

/** The members who passed, in the draw's documented order: when they entered, then member id. */
export async function passedEntrants(db: Kysely<IdentityDb>): Promise<string[]> {
  const rows = await db
    .selectFrom('giveaway_entries')
    .select('member_id')
    .where('passed', '=', true)
    .orderBy('entered_at')
    .orderBy('member_id')
    .execute();
  return rows.map((row) => row.member_id);
}

export type EntryFilter = 'all' | 'passed' | 'failed';

/** Entries with their member, in the draw's order; `after` continues from an entry (keyset, for the CSV). */
export function entriesWithMembers(db: Kysely<IdentityDb>, filter: EntryFilter) {
  let query = db
    .selectFrom('giveaway_entries')
    .innerJoin('members', 'members.id', 'giveaway_entries.member_id')
    .select([
      'giveaway_entries.member_id',
      'giveaway_entries.passed',
      'giveaway_entries.entered_at',
      'members.member_number',
      'members.firstname',
      'members.lastname',
      'members.email',
    ])
    .orderBy('giveaway_entries.entered_at')
    .orderBy('giveaway_entries.member_id');
  if (filter !== 'all') query = query.where('giveaway_entries.passed', '=', filter === 'passed');
  return query;
}

export async function entryCounts(db: Kysely<IdentityDb>) {
  const row = await db
    .selectFrom('giveaway_entries')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.count<string>('member_id').filterWhere('passed', '=', true).as('passed')])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const passed = Number(row.passed);
  return { total, passed, failed: total - passed };
}

/** The prize slot and name a member won, if they won one. */
export function memberPrize(db: Kysely<IdentityDb>, memberId: string) {
  return db
    .selectFrom('giveaway_winners')
    .innerJoin('giveaway_prizes', 'giveaway_prizes.slot', 'giveaway_winners.slot')
    .select(['giveaway_winners.slot', 'giveaway_prizes.name'])
    .where('giveaway_winners.member_id', '=', memberId)
    .executeTakeFirst();
}

/** The members' mail addresses and first names, for the winners' letters. */
export function winnerAddresses(db: Kysely<IdentityDb>, memberIds: string[]) {
  return db.selectFrom('members').select(['id', 'email', 'firstname']).where('id', 'in', memberIds).execute();
}

/** The member's giveaway entry, if they entered. */
export function memberGiveawayEntry(db: Kysely<IdentityDb>, memberId: string) {
  return db.selectFrom('giveaway_entries').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}
