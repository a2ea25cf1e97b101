import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { AdminDb } from './tables.js';

export async function setPayment(db: Kysely<AdminDb>, paymentId: string, values: Updateable<AdminDb['payments']>): Promise<void> {
  await db.updateTable('payments').set(values).where('payment_id', '=', paymentId).execute();
}

export async function setSubscription(
  db: Kysely<AdminDb>,
  subscriptionId: string,
  values: Updateable<AdminDb['subscriptions']>,
): Promise<void> {
  await db.updateTable('subscriptions').set(values).where('subscription_id', '=', subscriptionId).execute();
}

/** A payment as the Payments page first lists it: pending, nothing settled or given back. Once per payment id. */
export async function addPayment(
  db: Kysely<AdminDb>,
  row: Pick<
    Insertable<AdminDb['payments']>,
    'payment_id' | 'order_id' | 'member_id' | 'amount_paise' | 'payment_type' | 'purpose' | 'created_at'
  >,
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      ...row,
      currency: 'INR',
      status: 'pending',
      method: null,
      gateway_payment_id: null,
      failure_reason: null,
      auto_failed: false,
      timeout_minutes: null,
      refunded_paise: 0,
      processed_at: null,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
}

/**
 * Adds a refund to what the payment gave back. Money given back in full was never kept: the payment leaves the
 * successful ones (and the revenue) as 'refunded'; a part refund stays a success whose revenue is what was kept.
 */
export async function addRefundToPayment(db: Kysely<AdminDb>, paymentId: string, amountPaise: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      refunded_paise: sql<number>`refunded_paise + ${amountPaise}`,
      status: sql<string>`case when status = 'success' and amount_paise <= refunded_paise + ${amountPaise} then 'refunded' else status end`,
    })
    .where('payment_id', '=', paymentId)
    .execute();
}

/**
 * A refund settled, dated when it was (decision 0170): the Payments chart takes it off that day's revenue. Once per
 * refund id (a redelivered event adds nothing).
 */
export async function recordRefund(db: Kysely<AdminDb>, row: Insertable<AdminDb['payment_refunds']>): Promise<void> {
  await db
    .insertInto('payment_refunds')
    .values(row)
    .onConflict((oc) => oc.column('refund_id').doNothing())
    .execute();
}

/** A membership as first requested: pending, not started. Once per subscription id. */
export async function addSubscription(
  db: Kysely<AdminDb>,
  row: Pick<
    Insertable<AdminDb['subscriptions']>,
    'subscription_id' | 'member_id' | 'plan_type' | 'frequency' | 'amount_paise' | 'currency' | 'auto_renewal' | 'created_at'
  >,
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({
      subscription_id: row.subscription_id,
      member_id: row.member_id,
      plan_type: row.plan_type,
      frequency: row.frequency,
      amount_paise: row.amount_paise,
      currency: row.currency,
      status: 'pending',
      auto_renewal: row.auto_renewal,
      created_at: row.created_at,
      start_date: null,
      end_date: null,
    })
    .onConflict((oc) => oc.column('subscription_id').doNothing())
    .execute();
}

/** Keeps the member's membership status (for a registration applied later) and shows it on their user row. */
export async function recordMemberSubscriptionStatus(db: Kysely<AdminDb>, memberId: string, status: string): Promise<void> {
  await db
    .insertInto('member_subscription_status')
    .values({ member_id: memberId, status })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ status }))
    .execute();
  await db.updateTable('users').set({ subscription_status: status }).where('member_id', '=', memberId).execute();
}

/** One change of a membership for the Members chart, once per event (a redelivered event adds nothing). */
export async function recordMembershipChange(
  db: Kysely<AdminDb>,
  row: { event_id: string; subscription_id: string; kind: 'started' | 'renewed' | 'expired' | 'revoked'; at: Date },
): Promise<void> {
  await db
    .insertInto('membership_changes')
    .values(row)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}
