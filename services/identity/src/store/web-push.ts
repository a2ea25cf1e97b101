import type { Kysely } from 'kysely';
import type { WaitingRowColumns } from './outbox-claims.js';
import type { IdentityDb } from './tables.js';

/** Web Push's tables (docs/decisions/0160): devices' subscriptions, the push outbox and the VAPID key pair. */
export interface PushTables {
  push_subscriptions: {
    id: string;
    member_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    created_at: Date;
    last_sent_at: Date | null;
  };
  push_outbox: WaitingRowColumns & { subscription_id: string };
  vapid_keys: { id: number; public_key: string; private_key: string; created_at: Date };
}

export type PushSubscriptionRow = PushTables['push_subscriptions'];
export type OutboxPush = PushTables['push_outbox'];

/** Keeps a device's subscription; the same endpoint again (a renewed key, another member on the device) replaces it. */
export async function savePushSubscription(
  db: Kysely<IdentityDb>,
  row: { id: string; memberId: string; endpoint: string; p256dh: string; auth: string; at: Date },
): Promise<void> {
  const values = { member_id: row.memberId, p256dh: row.p256dh, auth: row.auth, created_at: row.at };
  await db
    .insertInto('push_subscriptions')
    .values({ id: row.id, endpoint: row.endpoint, last_sent_at: null, ...values })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
    .execute();
}

/** Forgets one of a member's subscriptions (its waiting messages go with it); whether there was one. */
export async function removePushSubscription(db: Kysely<IdentityDb>, memberId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('push_subscriptions')
    .where('member_id', '=', memberId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return removed.numDeletedRows > 0n;
}

/** Forgets subscriptions (gone at the push service, or off the allow-list), with their waiting messages. */
export async function dropPushSubscriptions(db: Kysely<IdentityDb>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
}

/** Every stored subscription's id and endpoint (the sweep of endpoints off the allow-list). */
export function allPushEndpoints(db: Kysely<IdentityDb>) {
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint']).execute();
}

/** The devices of each of these members, in one read (a drop's batch); members with none are absent. */
export async function pushSubscriptionsOfMembers(db: Kysely<IdentityDb>, memberIds: string[]): Promise<Map<string, { id: string }[]>> {
  const devices = new Map<string, { id: string }[]>();
  if (memberIds.length === 0) return devices;
  const rows = await db.selectFrom('push_subscriptions').select(['id', 'member_id']).where('member_id', 'in', memberIds).execute();
  for (const row of rows) devices.set(row.member_id, [...(devices.get(row.member_id) ?? []), { id: row.id }]);
  return devices;
}

export function pushSubscriptionById(db: Kysely<IdentityDb>, id: string) {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markPushSubscriptionUsed(db: Kysely<IdentityDb>, id: string, at: Date): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_sent_at: at }).where('id', '=', id).execute();
}

/** The stored VAPID key pair, if one was made. */
export function storedVapidKeys(db: Kysely<IdentityDb>) {
  return db.selectFrom('vapid_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
}

/** Stores a key pair unless one is there (two instances starting together keep the first). */
export async function storeVapidKeys(db: Kysely<IdentityDb>, keys: { publicKey: string; privateKey: string; at: Date }): Promise<void> {
  await db
    .insertInto('vapid_keys')
    .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey, created_at: keys.at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
