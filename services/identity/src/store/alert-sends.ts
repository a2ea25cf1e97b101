import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/**
 * Holds a drop's message decisions to one transaction at a time, until it ends. The cap (two per member and drop) and
 * the once-per-moment rule read only the drop's own sends, so one lock per drop keeps two moments of a member from
 * both passing the cap; a lock per member, taken for a batch of a thousand, would fill the server's lock table.
 */
export async function lockDropAlerts(trx: Kysely<IdentityDb>, dropId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`identity.drop-alerts:${dropId}`}))`.execute(trx);
}

/** The moments of a drop each of these members has been sent a message for (members sent none are absent). */
export async function momentsSentTo(db: Kysely<IdentityDb>, dropId: string, memberIds: string[]): Promise<Map<string, string[]>> {
  const sent = new Map<string, string[]>();
  if (memberIds.length === 0) return sent;
  const rows = await db
    .selectFrom('alert_sends')
    .select(['member_id', 'moment'])
    .where('drop_id', '=', dropId)
    .where('member_id', 'in', memberIds)
    .execute();
  for (const row of rows) sent.set(row.member_id, [...(sent.get(row.member_id) ?? []), row.moment]);
  return sent;
}

/** Records the moment sent to each member, in one statement. */
export async function recordAlertsSent(
  db: Kysely<IdentityDb>,
  send: { memberIds: string[]; dropId: string; moment: string; at: Date },
): Promise<void> {
  if (send.memberIds.length === 0) return;
  await db
    .insertInto('alert_sends')
    .values(send.memberIds.map((memberId) => ({ member_id: memberId, drop_id: send.dropId, moment: send.moment, sent_at: send.at })))
    .execute();
}
