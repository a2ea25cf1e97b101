import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/** Registrations take member numbers one at a time: held until the transaction ends. */
export async function lockMemberNumbers(db: Kysely<IdentityDb>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('identity.member_number'))`.execute(db);
}

/** How many members there are, and the highest member number given. */
export async function memberCountAndLastNumber(db: Kysely<IdentityDb>): Promise<{ n: number; last: number | null }> {
  return (await db
    .selectFrom('members')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('member_number').as('last')])
    .executeTakeFirstOrThrow()) as { n: number; last: number | null };
}

/** The member who signs in with this address, ignoring case. */
export async function findMemberBySignInEmail(db: Kysely<IdentityDb>, email: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('members').select('id').where(sql`lower(sign_in_email)`, '=', email.toLowerCase()).executeTakeFirst();
}
