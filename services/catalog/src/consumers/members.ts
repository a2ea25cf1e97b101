import { identityEvents, ListsUpdated, MemberRegistered } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import type { CatalogDb } from '../store/tables.js';

const ensureMember = (trx: Transaction<CatalogDb>, memberId: string) =>
  trx
    .insertInto('members')
    .values({ member_id: memberId, email: null, subscription_valid_until: null, subscription_changed_at: null })
    .onConflict((oc) => oc.doNothing())
    .execute();

/**
 * From identity: each member's sign-in email (for the early-access list) and their Need and Greed lists (for
 * matching). The sign-in email is the one MemberRegistered carries, which the identity provider verified; the
 * contact email of PersonalDetailsUpdated is the member's to change and must not open the early-access list
 * (identity's docs/decisions/0018).
 */
export function membersFromIdentity(db: Kysely<CatalogDb>) {
  return new EventConsumer('catalog.members', identityEvents, db)
    .on(MemberRegistered, async (data, _event, trx) => {
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
