import { identityEvents, MemberRegistered, PersonaChosen, PersonalDetailsUpdated, ShippingDetailsUpdated } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { PaymentsDb } from '../store/tables.js';

/** What payments keeps of each member (customer details for the gateway, the invoice's recipient), from identity. */
export function memberProfilesConsumer(db: Kysely<PaymentsDb>) {
  return new EventConsumer('payments.member-profiles', identityEvents, db)
    .on(MemberRegistered, async (data, _event, trx) => {
      await trx
        .insertInto('member_profiles')
        .values({
          member_id: data.memberId,
          email: data.email,
          firstname: data.firstname,
          lastname: data.lastname,
          mobile: null,
          address: null,
          profession_address: null,
          pincode: null,
          gst: '',
        })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .execute();
    })
    .on(PersonalDetailsUpdated, async (data, _event, trx) => {
      await trx
        .updateTable('member_profiles')
        .set({ email: data.email, firstname: data.firstname, lastname: data.lastname, mobile: data.mobile })
        .where('member_id', '=', data.memberId)
        .execute();
    })
    .on(PersonaChosen, async (data, _event, trx) => {
      await trx.updateTable('member_profiles').set({ gst: data.gst }).where('member_id', '=', data.memberId).execute();
    })
    .on(ShippingDetailsUpdated, async (data, _event, trx) => {
      await trx
        .updateTable('member_profiles')
        .set({ address: data.address, profession_address: data.professionAddress, pincode: data.pincode })
        .where('member_id', '=', data.memberId)
        .execute();
    });
}
