import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/** Which contact a confirmation link is for: the contact email (mailed) or the mobile number (texted). */
export type ContactChannel = 'email' | 'mobile';

/** Serialises a member's own contact-change requests until the transaction ends. */
export async function lockMemberContactChanges(db: Kysely<IdentityDb>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`identity.email-change:${memberId}`}))`.execute(db);
}

/** Drops a member's confirmation rows older than `keepDays`. */
export async function dropOldContactConfirmations(db: Kysely<IdentityDb>, memberId: string, keepDays: number): Promise<void> {
  await db
    .deleteFrom('contact_confirmations')
    .where('member_id', '=', memberId)
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${keepDays})`)
    .execute();
}

/** How many confirmation links of a channel the member was sent in the last day. */
export async function countContactConfirmationsToday(db: Kysely<IdentityDb>, memberId: string, channel: ContactChannel): Promise<number> {
  const recent = await db
    .selectFrom('contact_confirmations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('channel', '=', channel)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return Number(recent.n);
}

/** Ends every unused, unexpired link of the member's channel now. */
export async function expireOpenContactConfirmations(db: Kysely<IdentityDb>, memberId: string, channel: ContactChannel): Promise<void> {
  await db
    .updateTable('contact_confirmations')
    .set({ expires_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('channel', '=', channel)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
}

export async function insertContactConfirmation(
  db: Kysely<IdentityDb>,
  confirmation: { tokenHash: Buffer; memberId: string; channel: ContactChannel; address: string; validHours: number },
): Promise<void> {
  await db
    .insertInto('contact_confirmations')
    .values({
      token_hash: confirmation.tokenHash,
      member_id: confirmation.memberId,
      channel: confirmation.channel,
      address: confirmation.address,
      expires_at: sql<Date>`now() + make_interval(hours => ${confirmation.validHours})`,
      used_at: null,
    })
    .execute();
}

/** Marks the unused, unexpired link of the channel with this token hash used; its member and address, or undefined. */
export async function claimContactConfirmation(
  db: Kysely<IdentityDb>,
  tokenHash: Buffer,
  channel: ContactChannel,
): Promise<{ member_id: string; address: string } | undefined> {
  return db
    .updateTable('contact_confirmations')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('channel', '=', channel)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['member_id', 'address'])
    .executeTakeFirst();
}
