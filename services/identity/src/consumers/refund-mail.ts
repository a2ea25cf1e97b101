import { OrderCancelledOutOfStock, OrderRefundChosen, ordersEvents, ordersOperations } from '@elts/contracts';
import { type Clock, EventConsumer, type InternalClient } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { outOfStockEmail, refundChoiceEmail } from '../mail/refund-mail.js';
import { memberMailContact } from '../store/member-contacts.js';
import type { IdentityDb } from '../store/tables.js';
import { isNews } from './orders.js';

/**
 * An order cancelled as out of stock (docs/decisions/0024): the member is mailed a link to choose their refund, then
 * the choice made (theirs, or the deadline's), with the amount read from orders. One mail each per order (their
 * dedupe keys); a cancellation long past (a consumer group reading from the start) is not news. The refund itself is
 * mailed from payments' events (payment-mail.ts).
 */
export function refundMailConsumer(db: Kysely<IdentityDb>, mail: MailOutbox, orders: () => InternalClient, siteUrl: string, clock: Clock) {
  return (
    new EventConsumer('identity.refund-mail', ordersEvents, db)
      .on(OrderCancelledOutOfStock, async (data, event, trx) => {
        if (!isNews(event.recordedAt, clock.now())) return;
        // The mail is queued in the consumer's own transaction, with its checkpoint: once.
        const member = await memberMailContact(trx, data.memberId);
        if (!member) return;
        await mail.enqueue(
          { to: member.email, ...outOfStockEmail(member.firstname, data, siteUrl), dedupeKey: `out-of-stock:${data.orderId}` },
          trx as never,
        );
      })
      // A step: it asks orders for the amount, holding no transaction while it waits.
      .step(OrderRefundChosen, async (data, event) => {
        if (data.by === 'no_membership' || !isNews(event.recordedAt, clock.now())) return;
        const member = await memberMailContact(db, data.memberId);
        if (!member) return;
        const order = await orders().operation(ordersOperations.orderForServices, { params: { id: data.orderId } });
        const text = refundChoiceEmail(member.firstname, { ...data, by: data.by, amountPaise: order.amountPaise }, siteUrl);
        await mail.enqueue({ to: member.email, ...text, dedupeKey: `refund-choice:${data.orderId}` });
      })
  );
}
