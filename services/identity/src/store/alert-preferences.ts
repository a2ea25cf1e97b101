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
