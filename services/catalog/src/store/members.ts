import { type Kysely, sql } from 'kysely';
import type { CatalogDb } from './tables.js';

/** Adds the member with nothing known of them, unless they are known already. */
export async function ensureMember(db: Kysely<CatalogDb>, memberId: string): Promise<void> {
  await db
    .insertInto('members')
    .values({ member_id: memberId, email: null, subscription_valid_until: null, subscription_changed_at: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function setMemberEmail(db: Kysely<CatalogDb>, memberId: string, email: string, updatedAt: Date): Promise<void> {
  await db.updateTable('members').set({ email, updated_at: updatedAt }).where('member_id', '=', memberId).execute();
}

export async function setMemberLists(
  db: Kysely<CatalogDb>,
  memberId: string,
  lists: { needList: string[]; greedList: string[] },
  updatedAt: Date,
): Promise<void> {
  await db
    .updateTable('members')
    .set({ need_list: lists.needList, greed_list: lists.greedList, updated_at: updatedAt })
    .where('member_id', '=', memberId)
    .execute();
}

/** Records the member's membership state, unless a state reported later than `changedAt` is kept already. */
export async function recordMemberSubscription(
  db: Kysely<CatalogDb>,
  memberId: string,
  status: { status: string; validUntil: Date | null; changedAt: Date },
  updatedAt: Date,
): Promise<void> {
  const values = {
    subscription_status: status.status,
    subscription_valid_until: status.validUntil,
    subscription_changed_at: status.changedAt,
  };
  await db
    .insertInto('members')
    .values({ member_id: memberId, email: null, ...values })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ ...values, updated_at: updatedAt })
        .where(sql<boolean>`members.subscription_changed_at is null or members.subscription_changed_at <= ${status.changedAt}`),
    )
    .execute();
}

/** Everything known of the member, if anything is. */
export function findMember(db: Kysely<CatalogDb>, memberId: string) {
  return db.selectFrom('members').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** Members whose membership is active at `now` and who have written something on a list: the only ones alerted. */
export async function activeMembersWithLists(
  db: Kysely<CatalogDb>,
  now: Date,
): Promise<{ memberId: string; need: string[]; greed: string[] }[]> {
  const rows = await db
    .selectFrom('members')
    .select(['member_id', 'need_list', 'greed_list'])
    .where('subscription_status', '=', 'active')
    .where((eb) => eb.or([eb('subscription_valid_until', 'is', null), eb('subscription_valid_until', '>', now)]))
    .where((eb) => eb.or([eb(eb.fn('cardinality', ['need_list']), '>', 0), eb(eb.fn('cardinality', ['greed_list']), '>', 0)]))
    .execute();
  return rows.map((row) => ({ memberId: row.member_id, need: row.need_list, greed: row.greed_list }));
}
