import { identityEvents, MemberRegistered, PersonaChosen, paymentsEvents, SubscriptionStatusChanged } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { ensureBuyer, setBuyerPersona, setBuyerSubscriptionStatus } from '../store/member-buyers.js';
import type { OrdersDb } from '../store/tables.js';

/** Who may buy and how many: a member's profession and GSTIN from identity. */
export function buyersFromIdentity(db: Kysely<OrdersDb>) {
  return new EventConsumer('orders.buyers', identityEvents, db)
    .on(MemberRegistered, async (data, _event, trx) => ensureBuyer(trx, data.memberId).then(() => undefined))
    .on(PersonaChosen, async (data, _event, trx) => {
      await ensureBuyer(trx, data.memberId);
      await setBuyerPersona(trx, data.memberId, { profession: data.profession, gst: data.gst });
    });
}

/** Only active subscribers order: each member's membership state from payments. */
export function buyersFromPayments(db: Kysely<OrdersDb>) {
  return new EventConsumer('orders.buyer-subscriptions', paymentsEvents, db).on(SubscriptionStatusChanged, async (data, _event, trx) => {
    await ensureBuyer(trx, data.memberId);
    await setBuyerSubscriptionStatus(trx, data.memberId, data.status);
  });
}
