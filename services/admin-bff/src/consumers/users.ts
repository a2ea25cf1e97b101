import {
  InvitationCreated,
  identityEvents,
  ListsUpdated,
  MemberRegistered,
  PersonaChosen,
  PersonalDetailsUpdated,
  ShippingDetailsUpdated,
} from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import { lockMember } from '../store/member-lock.js';
import type { AdminDb } from '../store/tables.js';

async function replaceListItems(trx: Transaction<AdminDb>, memberId: string, list: 'need' | 'greed', items: string[]) {
  await trx.deleteFrom('user_list_items').where('member_id', '=', memberId).where('list', '=', list).execute();
  const unique = [...new Set(items.map((item) => item.trim().toLowerCase()).filter(Boolean))];
  if (unique.length > 0)
    await trx
      .insertInto('user_list_items')
      .values(unique.map((item) => ({ member_id: memberId, list, item })))
      .execute();
}

/** The Users page's rows and chips, from identity's member events; admin-made invitations go to the audit log. */
export function usersProjection(db: Kysely<AdminDb>) {
  return new EventConsumer('admin-bff.users', identityEvents, db)
    .on(MemberRegistered, async (data, event, trx) => {
      // Payments may have announced the membership before this registration was applied (two sources, no order).
      await lockMember(trx, data.memberId);
      const announced = await trx
        .selectFrom('member_subscription_status')
        .select('status')
        .where('member_id', '=', data.memberId)
        .executeTakeFirst();
      await trx
        .insertInto('users')
        .values({
          member_id: data.memberId,
          member_number: data.memberNumber,
          email: data.email,
          firstname: data.firstname,
          lastname: data.lastname,
          gender: null,
          dob: null,
          mobile: null,
          profession: null,
          persona: null,
          gst: '',
          address: null,
          profession_address: null,
          pincode: null,
          need_list: [],
          greed_list: [],
          profile_image: data.profileImage,
          subscription_status: announced?.status ?? 'none',
          created_at: event.recordedAt,
        })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .execute();
    })
    .on(PersonalDetailsUpdated, async (data, _event, trx) => {
      const { memberId, ...fields } = data;
      await trx.updateTable('users').set(fields).where('member_id', '=', memberId).execute();
    })
    .on(PersonaChosen, async (data, _event, trx) => {
      await trx
        .updateTable('users')
        .set({ profession: data.profession, persona: data.subscriptionType, gst: data.gst })
        .where('member_id', '=', data.memberId)
        .execute();
    })
    .on(ListsUpdated, async (data, _event, trx) => {
      await trx
        .updateTable('users')
        .set({ need_list: data.needList, greed_list: data.greedList })
        .where('member_id', '=', data.memberId)
        .execute();
      await replaceListItems(trx, data.memberId, 'need', data.needList);
      await replaceListItems(trx, data.memberId, 'greed', data.greedList);
    })
    .on(ShippingDetailsUpdated, async (data, _event, trx) => {
      await trx
        .updateTable('users')
        .set({ address: data.address, profession_address: data.professionAddress, pincode: data.pincode })
        .where('member_id', '=', data.memberId)
        .execute();
    })
    .on(InvitationCreated, async (data, event, trx) => {
      if (data.createdBy.kind !== 'admin') return;
      await trx
        .insertInto('audit_log')
        .values({
          event_id: event.eventId,
          actor: `admin:${data.createdBy.id}`,
          action: 'invitation.create',
          target: data.code,
          before: null,
          after: JSON.stringify(data),
          at: event.recordedAt,
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
    });
}
