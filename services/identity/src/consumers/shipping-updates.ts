import { normaliseIndianMobile, OrderDelivered, OrderShipped, ordersEvents, ordersOperations } from '@elts/contracts';
import { type Clock, EventConsumer, type InternalClient } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { orderDeliveredUpdate, orderShippedUpdate, type ShippingUpdate } from '../mail/shipping-updates.js';
import type { ConfirmedOrder } from '../mail/templates.js';
import type { TextMessageSender } from '../notify/text-messages.js';
import { memberShippingContact } from '../store/member-contacts.js';
import type { IdentityDb } from '../store/tables.js';
import { isNews } from './orders.js';

type Member = { email: string; firstname: string; mobile: string | null };

/**
 * Shipping updates (docs/decisions/0023): when an operator ships or delivers an order, the member gets an email at
 * their own address and a text message at their registered mobile (else the phone given with the order), through
 * the notifications port. One of each per shipment and step (their dedupe keys), however often the event arrives;
 * steps long past (a consumer group reading the stream from its start) are not news and send nothing.
 */
export function shippingUpdatesConsumer(
  db: Kysely<IdentityDb>,
  mail: MailOutbox,
  texts: TextMessageSender,
  orders: () => InternalClient,
  siteUrl: string,
  clock: Clock,
) {
  async function notify(
    event: { memberId: string; orderId: string; shipment: number; recordedAt: Date },
    step: string,
    compose: (member: Member, order: ConfirmedOrder) => ShippingUpdate,
  ) {
    if (!isNews(event.recordedAt, clock.now())) return;
    const member = await memberShippingContact(db, event.memberId);
    if (!member) return;
    const order = await orders().operation(ordersOperations.orderForServices, { params: { id: event.orderId } });
    const update = compose(member, order);
    const key = `order-${step}:${event.orderId}:${event.shipment}`;
    await mail.enqueue({ to: member.email, ...update.email, dedupeKey: key });
    const mobile = normaliseIndianMobile(member.mobile ?? '') ?? normaliseIndianMobile(order.shippingAddress.phone);
    if (mobile) await texts.send({ to: `+91${mobile}`, text: update.sms, dedupeKey: key });
  }

  return new EventConsumer('identity.shipping-updates', ordersEvents, db)
    .step(OrderShipped, async (data, event) =>
      notify({ ...data, recordedAt: event.recordedAt }, 'shipped', (member, order) =>
        orderShippedUpdate(member.firstname, order, { ...data, shippedAt: event.recordedAt }, siteUrl),
      ),
    )
    .step(OrderDelivered, async (data, event) =>
      notify({ ...data, recordedAt: event.recordedAt }, 'delivered', (member, order) =>
        orderDeliveredUpdate(member.firstname, order, data, siteUrl),
      ),
    );
}
