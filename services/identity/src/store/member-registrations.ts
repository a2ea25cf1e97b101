import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/** Registrations take member numbers one at a time: held until the transaction ends. */
export async function lockMemberNumbers(db: Kysely<IdentityDb>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('identity.member_number'))`.execute(db);
}

/**
 * The highest member number given: also how many members there are, since numbers are gapless and permanent (no
 * member row is ever removed). Read from the numbers' unique index, where a count would read every member.
 */
export async function lastMemberNumber(db: Kysely<IdentityDb>): Promise<number> {
  const { last } = await db
    .selectFrom('members')
    .select((eb) => eb.fn.max('member_number').as('last'))
    .executeTakeFirstOrThrow();
  return Number(last ?? 0);
}

/** The member who signs in with this address, ignoring case. */
export async function findMemberBySignInEmail(db: Kysely<IdentityDb>, email: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('members').select('id').where(sql`lower(sign_in_email)`, '=', email.toLowerCase()).executeTakeFirst();
}
