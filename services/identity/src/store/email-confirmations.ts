import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/** Serialises a member's own address-change requests until the transaction ends. */
export async function lockMemberEmailChanges(db: Kysely<IdentityDb>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`identity.email-change:${memberId}`}))`.execute(db);
}

/** Drops a member's confirmation rows older than `keepDays`. */
export async function dropOldEmailConfirmations(db: Kysely<IdentityDb>, memberId: string, keepDays: number): Promise<void> {
  await db
    .deleteFrom('email_confirmations')
    .where('member_id', '=', memberId)
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${keepDays})`)
    .execute();
}

/** How many confirmation links the member was sent in the last day. */
export async function countEmailConfirmationsToday(db: Kysely<IdentityDb>, memberId: string): Promise<number> {
  const recent = await db
    .selectFrom('email_confirmations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return Number(recent.n);
}

/** Ends every unused, unexpired link of the member now. */
export async function expireOpenEmailConfirmations(db: Kysely<IdentityDb>, memberId: string): Promise<void> {
  await db
    .updateTable('email_confirmations')
    .set({ expires_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
}

export async function insertEmailConfirmation(
  db: Kysely<IdentityDb>,
  confirmation: { tokenHash: Buffer; memberId: string; email: string; validHours: number },
): Promise<void> {
  await db
    .insertInto('email_confirmations')
    .values({
      token_hash: confirmation.tokenHash,
      member_id: confirmation.memberId,
      email: confirmation.email,
      expires_at: sql<Date>`now() + make_interval(hours => ${confirmation.validHours})`,
      used_at: null,
    })
    .execute();
}

/** Marks the unused, unexpired link with this token hash used; its member and address, or undefined. */
export async function claimEmailConfirmation(
  db: Kysely<IdentityDb>,
  tokenHash: Buffer,
): Promise<{ member_id: string; email: string } | undefined> {
  return db
    .updateTable('email_confirmations')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['member_id', 'email'])
    .executeTakeFirst();
}
