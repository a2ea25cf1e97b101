import type { Kysely } from 'kysely';
import type { IdentityDb } from './tables.js';

/** Records a member's membership state as payments last reported it. */
export async function upsertMemberSubscription(
  db: Kysely<IdentityDb>,
  subscription: { memberId: string; subscriptionId: string; status: string; validUntil: Date | null; updatedAt: Date },
): Promise<void> {
  await db
    .insertInto('member_subscriptions')
    .values({
      member_id: subscription.memberId,
      subscription_id: subscription.subscriptionId,
      status: subscription.status,
      valid_until: subscription.validUntil,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        subscription_id: subscription.subscriptionId,
        status: subscription.status,
        valid_until: subscription.validUntil,
        updated_at: subscription.updatedAt,
      }),
    )
    .execute();
}
