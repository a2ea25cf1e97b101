import { identityEvents, ListsUpdated, MemberRegistered } from '@elts/contracts';
import { type Clock, EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { ensureMember, setMemberEmail, setMemberLists } from '../store/members.js';
import type { CatalogDb } from '../store/tables.js';

/**
 * From identity: each member's sign-in email (for the early-access list) and their Need and Greed lists (for
 * matching). The sign-in email is the one MemberRegistered carries, which the identity provider verified; the
 * contact email of PersonalDetailsUpdated is the member's to change and must not open the early-access list
 * (identity's docs/decisions/0018).
 */
export function membersFromIdentity(db: Kysely<CatalogDb>, clock: Clock) {
  return new EventConsumer('catalog.members', identityEvents, db)
    .on(MemberRegistered, async (data, _event, trx) => {
      await ensureMember(trx, data.memberId);
      await setMemberEmail(trx, data.memberId, data.email, clock.now());
    })
    .on(ListsUpdated, async (data, _event, trx) => {
      await ensureMember(trx, data.memberId);
      await setMemberLists(trx, data.memberId, { needList: data.needList, greedList: data.greedList }, clock.now());
    });
}
