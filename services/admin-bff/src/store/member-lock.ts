import { type Kysely, sql } from 'kysely';

/**
 * Serialises the two consumers that meet on one member's row: identity's registration and payments' membership
 * status run in concurrent transactions on PostgreSQL, and without this each can miss the other's uncommitted write
 * (the status lost for good). Held until the transaction ends.
 */
export async function lockMember(trx: Kysely<any>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`admin-bff.member:${memberId}`}))`.execute(trx);
}
