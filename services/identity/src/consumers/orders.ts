import { OrderCompleted, OrderPlaced, ordersEvents, ordersOperations, WaitlistClosed } from '@elts/contracts';
import { type Clock, EventConsumer, type InternalClient } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { DropAlertPushes } from '../alerts/drop-alert-push.js';
import type { DropAlertWhatsApp } from '../alerts/drop-alert-whatsapp.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { orderConfirmationEmail, waitlistClosedEmail, waitlistReservationEmail } from '../mail/templates.js';
import { productLine } from '../mail/words.js';
import { alertPreferencesOf } from '../store/alert-preferences.js';
import { memberMailContact } from '../store/member-contacts.js';
import type { IdentityDb } from '../store/tables.js';

/**
 * A completed order older than this is history, not news: a consumer group that starts (or is reset) reads the
 * whole stream from the beginning, and must not mail members about orders they confirmed long ago.
 */
const NEWS_FOR_MS = 2 * 24 * 60 * 60_000;

export const isNews = (recordedAt: Date, now: Date) => now.getTime() - recordedAt.getTime() <= NEWS_FOR_MS;

/**
 * The order confirmation email, when orders completes an order; and the mails that tell a waitlisted member a unit
 * is reserved for them, or that the sale ended before one came back. It goes to the member's own address (as the
 * welcome email does), with the order's details read from orders; one per order (its dedupe key), however often the
 * event arrives. A step rather than a handler: it asks orders, and holds no transaction while it waits.
 */
export function orderMailConsumer(
  db: Kysely<IdentityDb>,
  mail: MailOutbox,
  orders: () => InternalClient,
  siteUrl: string,
  clock: Clock,
  /** The channels the hand-over also goes on, for members who chose them (docs/decisions/0164). */
  channels: { pushes?: DropAlertPushes | undefined; whatsapp?: DropAlertWhatsApp | undefined } = {},
) {
  return new EventConsumer('identity.order-mail', ordersEvents, db)
    .step(OrderCompleted, async (data, event) => {
      if (!isNews(event.recordedAt, clock.now())) return;
      const member = await memberMailContact(db, data.memberId);
      if (!member) return;
      const order = await orders().operation(ordersOperations.orderForServices, { params: { id: data.orderId } });
      const { subject, text } = orderConfirmationEmail(member.firstname, order, siteUrl);
      await mail.enqueue({ to: member.email, subject, text, dedupeKey: `order-confirmation:${data.orderId}` });
    })
    .step(OrderPlaced, async (data, event) => {
      // Only a unit handed over from the waitlist is news to the member: they did not press Buy Now for it.
      if (!data.fromWaitlist || !data.reservedUntil || !isNews(event.recordedAt, clock.now())) return;
      const member = await memberMailContact(db, data.memberId);
      if (!member) return;
      const reservation = { ...data, reservedUntil: new Date(data.reservedUntil) };
      const { subject, text } = waitlistReservationEmail(member.firstname, reservation, siteUrl);
      await mail.enqueue({ to: member.email, subject, text, dedupeKey: `waitlist-reservation:${data.orderId}` });
      // Also on Web Push and WhatsApp for a member who chose them, once per channel (each row's key).
      const { preferences } = await alertPreferencesOf(db, data.memberId, clock.now());
      const handover = {
        orderId: data.orderId,
        product: productLine(data.product),
        amountPaise: data.amountPaise,
        reservedUntil: reservation.reservedUntil.toISOString(),
      };
      if (preferences.channels.push) await channels.pushes?.enqueueHandover(data.memberId, handover);
      if (preferences.channels.whatsapp) await channels.whatsapp?.enqueueHandover(data.memberId, handover);
    })
    .step(WaitlistClosed, async (data, event) => {
      if (!isNews(event.recordedAt, clock.now())) return;
      const member = await memberMailContact(db, data.memberId);
      if (!member) return;
      const closed = { productName: data.productName, saleEndedAt: new Date(data.saleEndedAt) };
      const { subject, text } = waitlistClosedEmail(member.firstname, closed, siteUrl);
      await mail.enqueue({
        to: member.email,
        subject,
        text,
        dedupeKey: `waitlist-closed:${data.productId}:${data.memberId}:${data.saleEndedAt}`,
      });
    });
}
