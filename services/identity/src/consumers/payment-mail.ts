import {
  InvoiceIssued,
  PaymentRefunded,
  paymentsEvents,
  RefundAccepted,
  RefundCreditGranted,
  SubscriptionCancelled,
} from '@elts/contracts';
import { type Clock, EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { mandateRevokedEmail, membershipReceiptEmail } from '../mail/membership-mail.js';
import { refundCreditsEmail, refundMadeEmail, refundStartedEmail } from '../mail/refund-mail.js';
import type { MailText } from '../mail/words.js';
import { memberMailContact } from '../store/member-contacts.js';
import type { IdentityDb } from '../store/tables.js';
import { isNews } from './orders.js';

/**
 * The member's mail about their money, from the payments service's events (issue 34, issue 32 item 5): the receipt
 * of each membership payment (with its GST invoice), the end of a membership whose mandate they revoked, and every
 * refund: when it starts at the gateway, when it reaches them, or the credits given instead. Each goes out once (its
 * dedupe key), queued with the consumer's checkpoint; events long past (a group reading from the start) are not news.
 */
export function paymentMailConsumer(db: Kysely<IdentityDb>, mail: MailOutbox, siteUrl: string, clock: Clock) {
  async function send(trx: Kysely<IdentityDb>, memberId: string, recordedAt: Date, dedupeKey: string, compose: (name: string) => MailText) {
    if (!isNews(recordedAt, clock.now())) return;
    const member = await memberMailContact(trx, memberId);
    if (!member) return;
    await mail.enqueue({ to: member.email, ...compose(member.firstname), dedupeKey }, trx as never);
  }
  return (
    new EventConsumer('identity.payment-mail', paymentsEvents, db)
      // A membership payment's receipt; a product order's invoice (its `goods`) is told of by the shipped mail.
      .on(InvoiceIssued, async (data, event, trx) => {
        if (data.goods) return;
        await send(trx, data.memberId, event.recordedAt, `membership-receipt:${data.paymentId}`, (name) =>
          membershipReceiptEmail(name, data, siteUrl),
        );
      })
      .on(SubscriptionCancelled, async (data, event, trx) => {
        if (!data.revoked) return;
        await send(trx, data.memberId, event.recordedAt, `mandate-revoked:${data.subscriptionId}`, (name) =>
          mandateRevokedEmail(name, siteUrl),
        );
      })
      // The gateway took the refund (not when it was merely asked for): the money is on its way. A refund the gateway
      // settles at once has no such event, only its PaymentRefunded.
      .on(RefundAccepted, async (data, event, trx) =>
        send(trx, data.memberId, event.recordedAt, `refund-started:${data.refundId}`, (name) => refundStartedEmail(name, data, siteUrl)),
      )
      .on(PaymentRefunded, async (data, event, trx) =>
        send(trx, data.memberId, event.recordedAt, `refund-made:${data.refundId}`, (name) =>
          refundMadeEmail(name, data, event.recordedAt, siteUrl),
        ),
      )
      .on(RefundCreditGranted, async (data, event, trx) =>
        send(trx, data.memberId, event.recordedAt, `refund-credits:${data.orderId}`, (name) => refundCreditsEmail(name, data, siteUrl)),
      )
  );
}
