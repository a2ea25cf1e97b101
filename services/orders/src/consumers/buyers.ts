import {
  identityEvents,
  MemberRegistered,
  PersonaChosen,
  PersonalDetailsUpdated,
  paymentsEvents,
  SubscriptionStatusChanged,
} from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { ensureBuyer, setBuyerContact, setBuyerPersona, setBuyerSubscriptionStatus } from '../store/member-buyers.js';
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

/**
 * Who the buyer is by their account: name and email at sign-up, then as they change them. A consumer of its own
 * (rather than more handlers on orders.buyers) so that, added later, it reads identity's history from the start.
 */
export function buyerContactsFromIdentity(db: Kysely<OrdersDb>) {
  const contact = async (trx: Kysely<OrdersDb>, data: { memberId: string; firstname: string; lastname: string; email: string }) => {
    await ensureBuyer(trx, data.memberId);
    await setBuyerContact(trx, data.memberId, { firstname: data.firstname, lastname: data.lastname, email: data.email });
  };
  return new EventConsumer('orders.buyer-contacts', identityEvents, db)
    .on(MemberRegistered, async (data, _event, trx) => contact(trx, data))
    .on(PersonalDetailsUpdated, async (data, _event, trx) => contact(trx, data));
}

/** Only active subscribers order: each member's membership state from payments. */
export function buyersFromPayments(db: Kysely<OrdersDb>) {
  return new EventConsumer('orders.buyer-subscriptions', paymentsEvents, db).on(SubscriptionStatusChanged, async (data, _event, trx) => {
    await ensureBuyer(trx, data.memberId);
    await setBuyerSubscriptionStatus(trx, data.memberId, data.status);
  });
}
