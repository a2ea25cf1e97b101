import { identityEvents, MemberRegistered, PersonaChosen, paymentsEvents, SubscriptionStatusChanged } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { OrdersDb } from '../store/tables.js';

const ensureBuyer = (trx: Kysely<OrdersDb>, memberId: string) =>
  trx
    .insertInto('member_buyers')
    .values({ member_id: memberId, profession: null, gst: '', subscription_status: 'none' })
    .onConflict((oc) => oc.doNothing())
    .execute();

/** Who may buy and how many: a member's profession and GSTIN from identity. */
export function buyersFromIdentity(db: Kysely<OrdersDb>) {
  return new EventConsumer('orders.buyers', identityEvents, db)
    .on(MemberRegistered, async (data, _event, trx) => ensureBuyer(trx, data.memberId).then(() => undefined))
    .on(PersonaChosen, async (data, _event, trx) => {
      await ensureBuyer(trx, data.memberId);
      await trx
        .updateTable('member_buyers')
        .set({ profession: data.profession, gst: data.gst })
        .where('member_id', '=', data.memberId)
        .execute();
    });
}

/** Only active subscribers order: each member's membership state from payments. */
export function buyersFromPayments(db: Kysely<OrdersDb>) {
  return new EventConsumer('orders.buyer-subscriptions', paymentsEvents, db).on(SubscriptionStatusChanged, async (data, _event, trx) => {
    await ensureBuyer(trx, data.memberId);
    await trx.updateTable('member_buyers').set({ subscription_status: data.status }).where('member_id', '=', data.memberId).execute();
  });
}
