import { identityEvents, MemberRegistered, PersonaChosen, PersonalDetailsUpdated, ShippingDetailsUpdated } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { insertMemberProfile, setMemberGst, setMemberPersonalDetails, setMemberShippingDetails } from '../store/member-profiles.js';
import type { PaymentsDb } from '../store/tables.js';

/** What payments keeps of each member (customer details for the gateway, the invoice's recipient), from identity. */
export function memberProfilesConsumer(db: Kysely<PaymentsDb>) {
  return new EventConsumer('payments.member-profiles', identityEvents, db)
    .on(MemberRegistered, async (data, _event, trx) => {
      await insertMemberProfile(trx, { memberId: data.memberId, email: data.email, firstname: data.firstname, lastname: data.lastname });
    })
    .on(PersonalDetailsUpdated, async (data, _event, trx) => {
      await setMemberPersonalDetails(trx, data.memberId, {
        email: data.email,
        firstname: data.firstname,
        lastname: data.lastname,
        mobile: data.mobile,
      });
    })
    .on(PersonaChosen, async (data, _event, trx) => {
      await setMemberGst(trx, data.memberId, data.gst);
    })
    .on(ShippingDetailsUpdated, async (data, _event, trx) => {
      await setMemberShippingDetails(trx, data.memberId, {
        address: data.address,
        professionAddress: data.professionAddress,
        pincode: data.pincode,
      });
    });
}
