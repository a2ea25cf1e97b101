import { OrderCancelledOutOfStock, ordersEvents } from '@elts/contracts';
import { type Clock, EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { outOfStockEmail } from '../mail/refund-mail.js';
import { memberMailContact } from '../store/member-contacts.js';
import type { IdentityDb } from '../store/tables.js';
import { isNews } from './orders.js';

/**
 * An order cancelled as out of stock (docs/decisions/0024): the member is mailed a link to choose their refund. One
 * mail per order (its dedupe key); a cancellation long past (a consumer group reading from the start) is not news.
 */
export function refundMailConsumer(db: Kysely<IdentityDb>, mail: MailOutbox, siteUrl: string, clock: Clock) {
  return new EventConsumer('identity.refund-mail', ordersEvents, db).on(OrderCancelledOutOfStock, async (data, event, trx) => {
    if (!isNews(event.recordedAt, clock.now())) return;
    // The mail is queued in the consumer's own transaction, with its checkpoint: once.
    const member = await memberMailContact(trx, data.memberId);
    if (!member) return;
    await mail.enqueue(
      { to: member.email, ...outOfStockEmail(member.firstname, data, siteUrl), dedupeKey: `out-of-stock:${data.orderId}` },
      trx as never,
    );
  });
}
