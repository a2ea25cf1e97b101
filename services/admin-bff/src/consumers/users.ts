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
import type { Kysely } from 'kysely';
import { lockMember } from '../store/member-lock.js';
import type { AdminDb } from '../store/tables.js';
import { addUser, announcedSubscriptionStatus, auditInvitation, replaceListItems, setUser } from '../store/users-projection.js';

/** The Users page's rows and chips, from identity's member events; admin-made invitations go to the audit log. */
export function usersProjection(db: Kysely<AdminDb>) {
  return new EventConsumer('admin-bff.users', identityEvents, db)
    .on(MemberRegistered, async (data, event, trx) => {
      // Payments may have announced the membership before this registration was applied (two sources, no order).
      await lockMember(trx, data.memberId);
      const announced = await announcedSubscriptionStatus(trx, data.memberId);
      await addUser(trx, {
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
      });
    })
    .on(PersonalDetailsUpdated, async (data, _event, trx) => {
      const { memberId, ...fields } = data;
      await setUser(trx, memberId, fields);
    })
    .on(PersonaChosen, async (data, _event, trx) => {
      await setUser(trx, data.memberId, { profession: data.profession, persona: data.subscriptionType, gst: data.gst });
    })
    .on(ListsUpdated, async (data, _event, trx) => {
      await setUser(trx, data.memberId, { need_list: data.needList, greed_list: data.greedList });
      await replaceListItems(trx, data.memberId, 'need', data.needList);
      await replaceListItems(trx, data.memberId, 'greed', data.greedList);
    })
    .on(ShippingDetailsUpdated, async (data, _event, trx) => {
      await setUser(trx, data.memberId, { address: data.address, profession_address: data.professionAddress, pincode: data.pincode });
    })
    .on(InvitationCreated, async (data, event, trx) => {
      if (data.createdBy.kind !== 'admin') return;
      await auditInvitation(trx, {
        event_id: event.eventId,
        actor: `admin:${data.createdBy.id}`,
        target: data.code,
        after: JSON.stringify(data),
        at: event.recordedAt,
      });
    });
}
