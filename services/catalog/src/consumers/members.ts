import { identityEvents, ListsUpdated, MemberRegistered, PersonalDetailsUpdated } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import type { CatalogDb } from '../store/tables.js';

const ensureMember = (trx: Transaction<CatalogDb>, memberId: string) =>
  trx
    .insertInto('members')
    .values({ member_id: memberId, email: null, subscription_valid_until: null, subscription_changed_at: null })
    .onConflict((oc) => oc.doNothing())
    .execute();

/** From identity: each member's email (for the early-access list) and their Need and Greed lists (for matching). */
export function membersFromIdentity(db: Kysely<CatalogDb>) {
  return new EventConsumer('catalog.members', identityEvents, db)
    .on(MemberRegistered, async (data, _event, trx) => {
      await ensureMember(trx, data.memberId);
      await trx.updateTable('members').set({ email: data.email, updated_at: new Date() }).where('member_id', '=', data.memberId).execute();
    })
    .on(PersonalDetailsUpdated, async (data, _event, trx) => {
      await ensureMember(trx, data.memberId);
      await trx.updateTable('members').set({ email: data.email, updated_at: new Date() }).where('member_id', '=', data.memberId).execute();
    })
    .on(ListsUpdated, async (data, _event, trx) => {
      await ensureMember(trx, data.memberId);
      await trx
        .updateTable('members')
        .set({ need_list: data.needList, greed_list: data.greedList, updated_at: new Date() })
        .where('member_id', '=', data.memberId)
        .execute();
    });
}
