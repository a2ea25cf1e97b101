import { paymentsEvents, SubscriptionStatusChanged } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import { type Kysely, sql } from 'kysely';
import type { CatalogDb } from '../store/tables.js';

/**
 * From payments: whether each member is an active subscriber (only they get the personalised board). An event
 * older than the status already kept (a redelivery out of order) changes nothing.
 */
export function subscriptionsFromPayments(db: Kysely<CatalogDb>) {
  return new EventConsumer('catalog.subscriptions', paymentsEvents, db).on(SubscriptionStatusChanged, async (data, event, trx) => {
    const status = {
      subscription_status: data.status,
      subscription_valid_until: data.validUntil ? new Date(data.validUntil) : null,
      subscription_changed_at: event.recordedAt,
    };
    await trx
      .insertInto('members')
      .values({ member_id: data.memberId, email: null, ...status })
      .onConflict((oc) =>
        oc
          .column('member_id')
          .doUpdateSet({ ...status, updated_at: new Date() })
          .where(sql<boolean>`members.subscription_changed_at is null or members.subscription_changed_at <= ${event.recordedAt}`),
      )
      .execute();
  });
}
