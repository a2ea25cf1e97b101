import { paymentsEvents, SubscriptionStatusChanged } from '@elts/contracts';
import { type Clock, EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { recordMemberSubscription } from '../store/members.js';
import type { CatalogDb } from '../store/tables.js';

/**
 * From payments: whether each member is an active subscriber (only they get the personalised board). An event
 * older than the status already kept (a redelivery out of order) changes nothing.
 */
export function subscriptionsFromPayments(db: Kysely<CatalogDb>, clock: Clock) {
  return new EventConsumer('catalog.subscriptions', paymentsEvents, db).on(SubscriptionStatusChanged, async (data, event, trx) => {
    await recordMemberSubscription(
      trx,
      data.memberId,
      { status: data.status, validUntil: data.validUntil ? new Date(data.validUntil) : null, changedAt: event.recordedAt },
      clock.now(),
    );
  });
}
