import { type Kysely, sql } from 'kysely';
import type { PaymentsDb } from './tables.js';

/** The member's latest membership (or the one with this id, when given), if any. */
export function findMemberSubscription(db: Kysely<PaymentsDb>, memberId: string, subscriptionId?: string) {
  let query = db.selectFrom('subscriptions').selectAll().where('member_id', '=', memberId);
  if (subscriptionId) query = query.where('subscription_id', '=', subscriptionId);
  return query.orderBy('created_at', 'desc').executeTakeFirst();
}

/** One member's membership activations take turns until the transaction ends. */
export async function lockMemberActivations(db: Kysely<PaymentsDb>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`membership:${memberId}`}))`.execute(db);
}

/** Does the member have an active membership other than this one? */
export async function hasOtherActiveSubscription(db: Kysely<PaymentsDb>, memberId: string, subscriptionId: string): Promise<boolean> {
  const other = await db
    .selectFrom('subscriptions')
    .select('subscription_id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .where('subscription_id', '<>', subscriptionId)
    .executeTakeFirst();
  return other !== undefined;
}

/** The member's own membership with this id, if any. */
export function findOwnSubscription(db: Kysely<PaymentsDb>, memberId: string, subscriptionId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The membership's row; throws when there is none. */
export function subscriptionRow(db: Kysely<PaymentsDb>, subscriptionId: string) {
  return db.selectFrom('subscriptions').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirstOrThrow();
}

/** The membership's latest payment id, if the membership exists and has one. */
export async function findLatestPaymentIdOfSubscription(db: Kysely<PaymentsDb>, subscriptionId: string): Promise<string | undefined> {
  return (
    (await db.selectFrom('subscriptions').select('latest_payment_id').where('subscription_id', '=', subscriptionId).executeTakeFirst())
      ?.latest_payment_id ?? undefined
  );
}
