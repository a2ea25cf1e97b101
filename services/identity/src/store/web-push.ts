import type { Kysely } from 'kysely';
import { claimDueRows } from './outbox-claims.js';
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
  push_outbox: {
    id: string;
    dedupe_key: string;
    subscription_id: string;
    member_id: string;
    drop_id: string;
    moment: string;
    opens_at: Date;
    matches: { list: 'need' | 'greed'; item: string; productName: string }[];
    send_after: Date | null;
    status: 'pending' | 'sending' | 'sent' | 'cancelled' | 'failed';
    attempts: number;
    claimed_at: Date | null;
    last_error: string | null;
    created_at: Date;
    sent_at: Date | null;
  };
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

/** Forgets a subscription the push service says is gone (404 or 410), with its waiting messages. */
export async function dropPushSubscription(db: Kysely<IdentityDb>, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function pushSubscriptionsOf(db: Kysely<IdentityDb>, memberId: string) {
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint']).where('member_id', '=', memberId).execute();
}

export function pushSubscriptionById(db: Kysely<IdentityDb>, id: string) {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markPushSubscriptionUsed(db: Kysely<IdentityDb>, id: string, at: Date): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_sent_at: at }).where('id', '=', id).execute();
}

/** Adds a message for one device unless one with its key is there already. */
export async function insertPendingPush(
  db: Kysely<IdentityDb>,
  push: Omit<OutboxPush, 'matches' | 'status' | 'attempts' | 'claimed_at' | 'last_error' | 'sent_at'> & {
    matches: OutboxPush['matches'];
  },
): Promise<void> {
  await db
    .insertInto('push_outbox')
    .values({
      ...push,
      matches: JSON.stringify(push.matches) as never,
      status: 'pending',
      attempts: 0,
      claimed_at: null,
      last_error: null,
      sent_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** Claims the messages due at `now`, as the mail outbox does (`claimDueRows`). */
export function claimPendingPush(db: Kysely<IdentityDb>, claimTimeout: string, now: Date): Promise<OutboxPush[]> {
  return claimDueRows<OutboxPush>(db as never, 'push_outbox', claimTimeout, now);
}

export async function updatePush(db: Kysely<IdentityDb>, id: string, values: Partial<OutboxPush>): Promise<void> {
  await db.updateTable('push_outbox').set(values).where('id', '=', id).execute();
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
