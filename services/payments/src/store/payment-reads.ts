import type { PaymentPhase } from '@elts/workflows';
import { type Kysely, sql } from 'kysely';
import type { PaymentsDb } from './tables.js';

/** Business time comes from the caller's clock (`now`), never the database's: a test's clock moves these windows too. */
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);

/** The payment of a product order, if one was started. */
export function findProductOrderPayment(db: Kysely<PaymentsDb>, orderId: string) {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).where('purpose', '=', 'product_order').executeTakeFirst();
}

/** A payment's status, if the payment exists. */
export function findPaymentStatus(db: Kysely<PaymentsDb>, paymentId: string) {
  return db.selectFrom('payments').select('status').where('payment_id', '=', paymentId).executeTakeFirst();
}

/** A payment's id at the gateway, if the payment exists. */
export function findGatewayPaymentId(db: Kysely<PaymentsDb>, paymentId: string) {
  return db.selectFrom('payments').select('gateway_payment_id').where('payment_id', '=', paymentId).executeTakeFirst();
}

/** Unsettled payments past their deadline at `now`, earliest deadline first. */
export function overduePayments(db: Kysely<PaymentsDb>, now: Date, batch: number) {
  return db
    .selectFrom('payments')
    .select('payment_id')
    .where('status', 'in', ['pending', 'processing'])
    .where('timeout_at', '<', now)
    .orderBy('timeout_at')
    .limit(batch)
    .execute();
}

/** Unsettled payments (other than renewals and refunds) made before `createdBefore`, oldest first. */
export function unsettledPaymentsBefore(db: Kysely<PaymentsDb>, createdBefore: Date, batch: number) {
  return db
    .selectFrom('payments')
    .select('payment_id')
    .where('status', 'in', ['pending', 'processing'])
    .where('created_at', '<', createdBefore)
    .where('purpose', 'not in', ['renewal', 'refund'])
    .orderBy('created_at')
    .limit(batch)
    .execute();
}

/** Refunds pending since before `createdBefore` but asked for in the three days before `now`, oldest first. */
export function pendingRefundsBefore(db: Kysely<PaymentsDb>, createdBefore: Date, now: Date, batch: number) {
  return db
    .selectFrom('payments')
    .select(['payment_id', 'refund_of'])
    .where('payment_type', '=', 'refund')
    .where('status', '=', 'pending')
    .where('created_at', '<', createdBefore)
    .where('created_at', '>', daysBefore(now, 3))
    .orderBy('created_at')
    .limit(batch)
    .execute();
}

/**
 * Membership payments and renewal charges that succeeded before `settledBefore` (and in the three days before `now`) with
 * neither a refund nor the activation or renewal they pay for recorded, oldest first. Payment streams are named
 * `payment-<id>`; activations and renewals name their payment in `paymentId`.
 */
export async function unfinishedMembershipPayments(
  db: Kysely<PaymentsDb>,
  settledBefore: Date,
  now: Date,
  batch: number,
): Promise<{ payment_id: string }[]> {
  return (await unfinishedMembershipPaymentsStatement(settledBefore, now, batch).execute(db)).rows;
}

/**
 * That read as one statement. Its partial indexes (migration 0012) let it read the membership money settled in those
 * days and the activations and renewals naming it, not every payment and event (a test asks the planner).
 */
export function unfinishedMembershipPaymentsStatement(settledBefore: Date, now: Date, batch: number) {
  return sql<{ payment_id: string }>`select p.payment_id from payments p
    where p.purpose in ('membership', 'renewal') and p.status = 'success'
      and p.processed_at < ${settledBefore} and p.processed_at > ${daysBefore(now, 3)}
      and not exists (select 1 from events e where e.stream_id = 'payment-' || p.payment_id
        and e.type in ('RefundRequested', 'PaymentRefunded'))
      and not exists (select 1 from events e where e.type in ('SubscriptionActivated', 'SubscriptionRenewed')
        and e.data->>'paymentId' = p.payment_id)
    order by p.processed_at limit ${batch}`;
}

/** The renewal charges of one cycle of a membership (ids `<subscription>-C<cycle>-A<attempt>`). */
export function cycleRenewalCharges(db: Kysely<PaymentsDb>, subscriptionId: string, cycle: number) {
  return db
    .selectFrom('payments')
    .select(['payment_id', 'status', 'member_id'])
    .where('subscription_id', '=', subscriptionId)
    .where('purpose', '=', 'renewal')
    .where('payment_id', 'like', `${subscriptionId}-C${cycle}-A%`)
    .execute();
}

/** Every renewal charge of a membership, each with whether a refund of it was asked for or made. */
export async function renewalCharges(
  db: Kysely<PaymentsDb>,
  subscriptionId: string,
): Promise<{ payment_id: string; status: PaymentPhase; amount_paise: number; failure_reason: string | null; refunded: boolean }[]> {
  const rows = await sql<{
    payment_id: string;
    status: PaymentPhase;
    amount_paise: number;
    failure_reason: string | null;
    refunded: boolean;
  }>`
    select p.payment_id, p.status, p.amount_paise, p.failure_reason,
      exists (select 1 from events e where e.stream_id = 'payment-' || p.payment_id and e.type in ('RefundRequested', 'PaymentRefunded')) as refunded
    from payments p where p.subscription_id = ${subscriptionId} and p.purpose = 'renewal'`.execute(db);
  return rows.rows;
}

/** A payment's row, if the payment exists. */
export function findPayment(db: Kysely<PaymentsDb>, paymentId: string) {
  return db.selectFrom('payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

/** A refund payment by its id, with the payment it refunds, if it exists. */
export function findRefundPayment(db: Kysely<PaymentsDb>, refundId: string) {
  return db
    .selectFrom('payments')
    .select(['payment_id', 'refund_of'])
    .where('payment_id', '=', refundId)
    .where('payment_type', '=', 'refund')
    .executeTakeFirst();
}

/** The id of the payment a gateway order names (not a renewal or refund), if any. */
export async function findPaymentIdOfGatewayOrder(db: Kysely<PaymentsDb>, orderId: string): Promise<string | undefined> {
  return (
    await db
      .selectFrom('payments')
      .select('payment_id')
      .where('order_id', '=', orderId)
      .where('purpose', 'not in', ['renewal', 'refund'])
      .executeTakeFirst()
  )?.payment_id;
}

/** The payment's id when a payment with this id exists. */
export async function findPaymentId(db: Kysely<PaymentsDb>, paymentId: string): Promise<string | undefined> {
  return (await db.selectFrom('payments').select('payment_id').where('payment_id', '=', paymentId).executeTakeFirst())?.payment_id;
}
