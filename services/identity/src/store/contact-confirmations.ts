import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/** Which contact a confirmation link is for: the contact email (mailed) or the mobile number (texted). */
export type ContactChannel = 'email' | 'mobile';

/** Serialises a member's own contact-change requests until the transaction ends. */
export async function lockMemberContactChanges(db: Kysely<IdentityDb>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`identity.email-change:${memberId}`}))`.execute(db);
}

const DAY_MS = 24 * 60 * 60_000;

/** Drops a member's confirmation rows older than `keepDays` before `now`. */
export async function dropOldContactConfirmations(db: Kysely<IdentityDb>, memberId: string, keepDays: number, now: Date): Promise<void> {
  await db
    .deleteFrom('contact_confirmations')
    .where('member_id', '=', memberId)
    .where('created_at', '<', new Date(now.getTime() - keepDays * DAY_MS))
    .execute();
}

/** How many confirmation links of a channel the member was sent in the day before `now`. */
export async function countContactConfirmationsToday(
  db: Kysely<IdentityDb>,
  memberId: string,
  channel: ContactChannel,
  now: Date,
): Promise<number> {
  const recent = await db
    .selectFrom('contact_confirmations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('channel', '=', channel)
    .where('created_at', '>', new Date(now.getTime() - DAY_MS))
    .executeTakeFirstOrThrow();
  return Number(recent.n);
}

/** Ends every unused, unexpired link of the member's channel at `now`. */
export async function expireOpenContactConfirmations(
  db: Kysely<IdentityDb>,
  memberId: string,
  channel: ContactChannel,
  now: Date,
): Promise<void> {
  await db
    .updateTable('contact_confirmations')
    .set({ expires_at: now })
    .where('member_id', '=', memberId)
    .where('channel', '=', channel)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function insertContactConfirmation(
  db: Kysely<IdentityDb>,
  confirmation: { tokenHash: Buffer; memberId: string; channel: ContactChannel; address: string; validHours: number; now: Date },
): Promise<void> {
  await db
    .insertInto('contact_confirmations')
    .values({
      token_hash: confirmation.tokenHash,
      member_id: confirmation.memberId,
      channel: confirmation.channel,
      address: confirmation.address,
      created_at: confirmation.now,
      expires_at: new Date(confirmation.now.getTime() + confirmation.validHours * 60 * 60_000),
      used_at: null,
    })
    .execute();
}

/** Marks the unused, unexpired link of the channel with this token hash used at `now`; its member and address, or undefined. */
export async function claimContactConfirmation(
  db: Kysely<IdentityDb>,
  tokenHash: Buffer,
  channel: ContactChannel,
  now: Date,
): Promise<{ member_id: string; address: string } | undefined> {
  return db
    .updateTable('contact_confirmations')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('channel', '=', channel)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['member_id', 'address'])
    .executeTakeFirst();
}

/** Whose link this token hash is (used or not): the member whose stream confirming it would change. */
export async function memberOfContactConfirmation(db: Kysely<IdentityDb>, tokenHash: Buffer): Promise<string | undefined> {
  const row = await db.selectFrom('contact_confirmations').select('member_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.member_id;
}
