import { ExchangeApproved, ExchangeRefunded, ExchangeRefused, ExchangeRequested, ordersEvents } from '@elts/contracts';
import { type Clock, EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { exchangeApprovedEmail, exchangeRefundedEmail, exchangeRefusedEmail, exchangeRequestedEmail } from '../mail/exchange-mail.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { MailText } from '../mail/words.js';
import { memberMailContact } from '../store/member-contacts.js';
import type { IdentityDb } from '../store/tables.js';
import { isNews } from './orders.js';

/**
 * A member's exchange request (docs/decisions/0025) acknowledged, and an operator's decision on it mailed to the
 * member at their own address: approved, refused with its reason, or refunded for want of a replacement. One mail per
 * exchange and step (its dedupe key); steps long past (a consumer group reading the stream from its start) are not news.
 */
export function exchangeMailConsumer(db: Kysely<IdentityDb>, mail: MailOutbox, siteUrl: string, clock: Clock) {
  // In the consumer's own transaction: the mail is queued with its checkpoint, once.
  async function send(
    trx: Kysely<IdentityDb>,
    data: { memberId: string; exchangeId: string },
    recordedAt: Date,
    decision: string,
    compose: (name: string) => MailText,
  ) {
    if (!isNews(recordedAt, clock.now())) return;
    const member = await memberMailContact(trx, data.memberId);
    if (!member) return;
    const message = { to: member.email, ...compose(member.firstname), dedupeKey: `exchange-${decision}:${data.exchangeId}` };
    // The outbox is typed for its own table; identity's transaction holds it (as the renewal notice passes it).
    await mail.enqueue(message, trx as never);
  }
  return new EventConsumer('identity.exchange-mail', ordersEvents, db)
    .on(ExchangeRequested, async (data, event, trx) =>
      send(trx, data, event.recordedAt, 'requested', (name) => exchangeRequestedEmail(name, data, siteUrl)),
    )
    .on(ExchangeApproved, async (data, event, trx) =>
      send(trx, data, event.recordedAt, 'approved', (name) => exchangeApprovedEmail(name, data, siteUrl)),
    )
    .on(ExchangeRefused, async (data, event, trx) =>
      send(trx, data, event.recordedAt, 'refused', (name) => exchangeRefusedEmail(name, data, siteUrl)),
    )
    .on(ExchangeRefunded, async (data, event, trx) =>
      send(trx, data, event.recordedAt, 'refunded', (name) => exchangeRefundedEmail(name, data, siteUrl)),
    );
}
