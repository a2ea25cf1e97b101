import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/** Holds one member's drop messages to one decision at a time, until the transaction ends. */
export async function lockMemberAlerts(trx: Kysely<IdentityDb>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`identity.drop-alerts:${memberId}`}))`.execute(trx);
}

/** The moments of a drop a member has been sent a message for. */
export async function momentsSent(db: Kysely<IdentityDb>, memberId: string, dropId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('alert_sends')
    .select('moment')
    .where('member_id', '=', memberId)
    .where('drop_id', '=', dropId)
    .execute();
  return rows.map((row) => row.moment);
}

export async function recordAlertSent(
  db: Kysely<IdentityDb>,
  send: { memberId: string; dropId: string; moment: string; at: Date },
): Promise<void> {
  await db
    .insertInto('alert_sends')
    .values({ member_id: send.memberId, drop_id: send.dropId, moment: send.moment, sent_at: send.at })
    .execute();
}
