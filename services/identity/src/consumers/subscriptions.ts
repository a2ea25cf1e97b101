import { paymentsEvents, RenewalNoticeSent, SubscriptionStatusChanged } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { renewalNoticeEmail } from '../mail/templates.js';
import { memberMailContact } from '../store/member-contacts.js';
import { upsertMemberSubscription } from '../store/member-subscriptions.js';
import type { IdentityDb } from '../store/tables.js';

/**
 * Follows memberships from the payments service: each member's state (the profile shows it, the giveaway needs it),
 * and the pre-debit notice that must reach the member at least a day before a renewal charge.
 */
export function subscriptionStatusConsumer(db: Kysely<IdentityDb>, mail: MailOutbox) {
  return new EventConsumer('identity.subscriptions', paymentsEvents, db)
    .on(SubscriptionStatusChanged, async (data, event, trx) => {
      await upsertMemberSubscription(trx, {
        memberId: data.memberId,
        subscriptionId: data.subscriptionId,
        status: data.status,
        validUntil: data.validUntil ? new Date(data.validUntil) : null,
        updatedAt: event.recordedAt,
      });
    })
    .on(RenewalNoticeSent, async (data, _event, trx) => {
      const member = await memberMailContact(trx, data.memberId);
      if (!member) return;
      const { subject, text } = renewalNoticeEmail(member.firstname, data.amountPaise, new Date(data.chargeOn), data.subscriptionId);
      await mail.enqueue({ to: member.email, subject, text, dedupeKey: `renewal-notice:${data.paymentId}` }, trx as never);
    });
}
