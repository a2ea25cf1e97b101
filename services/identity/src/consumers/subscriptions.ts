import { paymentsEvents, RenewalNoticeSent, SubscriptionStatusChanged } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { renewalNoticeEmail } from '../mail/templates.js';
import type { IdentityDb } from '../store/tables.js';

/**
 * Follows memberships from the payments service: each member's state (the profile shows it, the giveaway needs it),
 * and the pre-debit notice that must reach the member at least a day before a renewal charge.
 */
export function subscriptionStatusConsumer(db: Kysely<IdentityDb>, mail: MailOutbox) {
  return new EventConsumer('identity.subscriptions', paymentsEvents, db)
    .on(SubscriptionStatusChanged, async (data, event, trx) => {
      await trx
        .insertInto('member_subscriptions')
        .values({
          member_id: data.memberId,
          subscription_id: data.subscriptionId,
          status: data.status,
          valid_until: data.validUntil ? new Date(data.validUntil) : null,
        })
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet({
            subscription_id: data.subscriptionId,
            status: data.status,
            valid_until: data.validUntil ? new Date(data.validUntil) : null,
            updated_at: event.recordedAt,
          }),
        )
        .execute();
    })
    .on(RenewalNoticeSent, async (data, _event, trx) => {
      const member = await trx.selectFrom('members').select(['email', 'firstname']).where('id', '=', data.memberId).executeTakeFirst();
      if (!member) return;
      const { subject, text } = renewalNoticeEmail(member.firstname, data.amountPaise, new Date(data.chargeOn), data.subscriptionId);
      await mail.enqueue({ to: member.email, subject, text, dedupeKey: `renewal-notice:${data.paymentId}` }, trx as never);
    });
}
