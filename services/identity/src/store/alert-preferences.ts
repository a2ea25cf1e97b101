import { randomBytes } from 'node:crypto';
import { type AlertPreferences, DEFAULT_ALERT_PREFERENCES } from '@elts/contracts';
import type { Kysely } from 'kysely';
import type { IdentityDb } from './tables.js';

type Row = IdentityDb['alert_preferences'];

function toPreferences(row: Row): AlertPreferences {
  return {
    lists: { need: row.need_list, greed: row.greed_list },
    channels: { email: row.email, inbox: row.inbox, push: row.push, whatsapp: row.whatsapp },
    quietHours: { from: row.quiet_from, until: row.quiet_until },
    wakeAtOpening: row.wake_at_opening,
    mutedItems: row.muted_items,
  };
}

/** A member's alert choices and the key of their unsubscribe links, made (with the defaults) on first need. */
export async function alertPreferencesOf(
  db: Kysely<IdentityDb>,
  memberId: string,
  now: Date,
): Promise<{ preferences: AlertPreferences; key: string }> {
  const found = await db.selectFrom('alert_preferences').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  if (found) return { preferences: toPreferences(found), key: found.unsubscribe_key };
  await saveAlertPreferences(db, memberId, DEFAULT_ALERT_PREFERENCES, now);
  return alertPreferencesOf(db, memberId, now);
}

/** A member a drop message may go to: their confirmed address (empty: none), choices, and unsubscribe key. */
export interface AlertRecipient {
  email: string;
  preferences: AlertPreferences;
  /** Null for a member who never chose: the defaults need no link (the inbox only), so no row is made for them. */
  key: string | null;
}

/**
 * Many members' addresses and choices in one read (a drop's batch, docs/decisions/0168); a member who never chose has
 * the defaults. Members not known here are absent.
 */
export async function alertRecipientsOf(db: Kysely<IdentityDb>, memberIds: string[]): Promise<Map<string, AlertRecipient>> {
  const found = new Map<string, AlertRecipient>();
  if (memberIds.length === 0) return found;
  const rows = await db
    .selectFrom('members')
    .leftJoin('alert_preferences', 'alert_preferences.member_id', 'members.id')
    .select(['members.id', 'members.email'])
    .select((eb) => eb.fn.toJson('alert_preferences').as('choices'))
    .where('members.id', 'in', memberIds)
    .execute();
  for (const row of rows) {
    const choices = row.choices as unknown as Row | null;
    found.set(row.id, {
      email: row.email,
      preferences: choices ? toPreferences(choices) : DEFAULT_ALERT_PREFERENCES,
      key: choices?.unsubscribe_key ?? null,
    });
  }
  return found;
}

/** Whether `key` is the member's unsubscribe key (compared in full; a guessed key finds nothing). */
export async function unsubscribeKeyMatches(db: Kysely<IdentityDb>, memberId: string, key: string): Promise<boolean> {
  const found = await db.selectFrom('alert_preferences').select('unsubscribe_key').where('member_id', '=', memberId).executeTakeFirst();
  return found?.unsubscribe_key === key;
}

/** Stores a member's choices; the unsubscribe key is made once and kept. */
export async function saveAlertPreferences(
  db: Kysely<IdentityDb>,
  memberId: string,
  preferences: AlertPreferences,
  now: Date,
): Promise<void> {
  const values = {
    need_list: preferences.lists.need,
    greed_list: preferences.lists.greed,
    email: preferences.channels.email,
    inbox: preferences.channels.inbox,
    push: preferences.channels.push,
    whatsapp: preferences.channels.whatsapp,
    quiet_from: preferences.quietHours.from,
    quiet_until: preferences.quietHours.until,
    wake_at_opening: preferences.wakeAtOpening,
    muted_items: preferences.mutedItems,
    updated_at: now,
  };
  await db
    .insertInto('alert_preferences')
    .values({ member_id: memberId, unsubscribe_key: randomBytes(32).toString('base64url'), ...values })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(values))
    .execute();
}
