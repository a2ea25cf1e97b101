import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AdminDb } from './tables.js';

/** The member's list items, replaced by these (trimmed, lower-cased, each once). */
export async function replaceListItems(db: Kysely<AdminDb>, memberId: string, list: 'need' | 'greed', items: string[]): Promise<void> {
  await db.deleteFrom('user_list_items').where('member_id', '=', memberId).where('list', '=', list).execute();
  const unique = [...new Set(items.map((item) => item.trim().toLowerCase()).filter(Boolean))];
  if (unique.length > 0)
    await db
      .insertInto('user_list_items')
      .values(unique.map((item) => ({ member_id: memberId, list, item })))
      .execute();
}

/** The membership status payments announced for a member before their registration was applied, if any. */
export function announcedSubscriptionStatus(db: Kysely<AdminDb>, memberId: string) {
  return db.selectFrom('member_subscription_status').select('status').where('member_id', '=', memberId).executeTakeFirst();
}

/** A newly registered member's row, once. */
export async function addUser(db: Kysely<AdminDb>, row: Insertable<AdminDb['users']>): Promise<void> {
  await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}

export async function setUser(db: Kysely<AdminDb>, memberId: string, values: Updateable<AdminDb['users']>): Promise<void> {
  await db.updateTable('users').set(values).where('member_id', '=', memberId).execute();
}

/** An audit row for an invitation an admin created, once per event. */
export async function auditInvitation(
  db: Kysely<AdminDb>,
  row: { event_id: string; actor: string; target: string; after: string; at: Date },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      event_id: row.event_id,
      actor: row.actor,
      action: 'invitation.create',
      target: row.target,
      before: null,
      after: row.after,
      at: row.at,
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}
