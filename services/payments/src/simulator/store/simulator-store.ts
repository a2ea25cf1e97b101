import { type Kysely, sql } from 'kysely';
import type { CreateCheckoutOrder, CreateMandate } from '../../gateway/payment-gateway.js';

export interface SimTables {
  sim_orders: {
    order_id: string;
    session_id: string;
    amount_paise: number;
    status: string;
    customer: CreateCheckoutOrder['customer'];
    return_url: string;
    note: string;
    expires_at: Date;
    created_at: Date;
  };
  sim_payments: { id: string; order_id: string; status: string; method: string; amount_paise: number; message: string; created_at: Date };
  sim_refunds: { refund_id: string; order_id: string; amount_paise: number; status: string; created_at: Date };
  sim_subscriptions: {
    subscription_id: string;
    session_id: string;
    status: string;
    plan: unknown;
    customer: CreateMandate['customer'];
    authorization_amount_paise: number;
    return_url: string;
    authorization_status: string;
    authorization_payment_id: string | null;
    umn: string | null;
    method: string | null;
    authorized_at: Date | null;
    link_expires_at: Date;
    next_charge_outcome: string;
    created_at: Date;
  };
  sim_charges: {
    payment_id: string;
    subscription_id: string;
    amount_paise: number;
    scheduled_for: Date;
    status: string;
    failure_reason: string | null;
    created_at: Date;
  };
  sim_secrets: { name: string; value: string };
}

type Db = Kysely<SimTables>;
export type SimOrder = SimTables['sim_orders'];
export type SimRefund = SimTables['sim_refunds'];
export type SimSubscription = SimTables['sim_subscriptions'];
export type SimCharge = SimTables['sim_charges'];

// Secrets -----------------------------------------------------------------------------------------------------

/** The webhook signing secret: `candidate` kept if none was, then the one kept (throws if none). */
export async function keepWebhookSecret(db: Db, candidate: string): Promise<string> {
  await db
    .insertInto('sim_secrets')
    .values({ name: 'webhook', value: candidate })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const { value } = await db.selectFrom('sim_secrets').select('value').where('name', '=', 'webhook').executeTakeFirstOrThrow();
  return value;
}

// Checkout orders and their attempts ------------------------------------------------------------------------

export function findSimOrder(db: Db, orderId: string) {
  return db.selectFrom('sim_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export function findSimOrderBySession(db: Db, sessionId: string) {
  return db.selectFrom('sim_orders').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

export async function insertSimOrder(db: Db, row: SimOrder): Promise<void> {
  await db.insertInto('sim_orders').values(row).execute();
}

export async function markSimOrderPaid(db: Db, orderId: string): Promise<void> {
  await db.updateTable('sim_orders').set({ status: 'PAID' }).where('order_id', '=', orderId).execute();
}

/** An order's payment attempts, oldest first. */
export function simOrderAttempts(db: Db, orderId: string) {
  return db.selectFrom('sim_payments').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
}

export async function insertSimAttempt(db: Db, attempt: SimTables['sim_payments']): Promise<void> {
  await db.insertInto('sim_payments').values(attempt).execute();
}

// Refunds ---------------------------------------------------------------------------------------------------

export function findSimRefund(db: Db, refundId: string) {
  return db.selectFrom('sim_refunds').selectAll().where('refund_id', '=', refundId).executeTakeFirst();
}

/** How much (paise, as text) of an order has been refunded or is being refunded. */
export function simRefundedOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('sim_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_paise'), eb.val('0')).as('paise'))
    .where('order_id', '=', orderId)
    .where('status', 'not in', ['FAILED', 'CANCELLED'])
    .executeTakeFirstOrThrow();
}

/** Adds a pending refund, unless one with its id is kept. */
export async function insertSimRefund(
  db: Db,
  refund: { refundId: string; orderId: string; amountPaise: number; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('sim_refunds')
    .values({
      refund_id: refund.refundId,
      order_id: refund.orderId,
      amount_paise: refund.amountPaise,
      status: 'PENDING',
      created_at: refund.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Settles the refund if it is pending: the settled row, or undefined when it was not pending. */
export async function settlePendingSimRefund(db: Db, refundId: string): Promise<SimRefund | undefined> {
  const settled = await sql<SimRefund>`update sim_refunds set status = 'SUCCESS'
      where refund_id = ${refundId} and status = 'PENDING' returning *`.execute(db);
  return settled.rows[0];
}

// Mandates --------------------------------------------------------------------------------------------------

export function findSimSubscription(db: Db, subscriptionId: string) {
  return db.selectFrom('sim_subscriptions').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
}

export async function simSubscriptionExists(db: Db, subscriptionId: string): Promise<boolean> {
  const existing = await db
    .selectFrom('sim_subscriptions')
    .select('subscription_id')
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  return existing !== undefined;
}

export function findSimSubscriptionBySession(db: Db, sessionId: string) {
  return db.selectFrom('sim_subscriptions').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

export async function insertSimSubscription(db: Db, row: SimSubscription): Promise<void> {
  await db.insertInto('sim_subscriptions').values(row).execute();
}

export async function updateSimSubscription(db: Db, subscriptionId: string, values: Partial<SimSubscription>): Promise<void> {
  await db.updateTable('sim_subscriptions').set(values).where('subscription_id', '=', subscriptionId).execute();
}

/** Sets how the mandate's next charge ends; whether the mandate exists. */
export async function setSimNextChargeOutcome(db: Db, subscriptionId: string, outcome: string): Promise<boolean> {
  const result = await db
    .updateTable('sim_subscriptions')
    .set({ next_charge_outcome: outcome })
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) !== 0;
}

// Renewal charges -------------------------------------------------------------------------------------------

/** Adds a charge, unless one with its payment id is kept. */
export async function insertSimCharge(db: Db, row: SimCharge): Promise<void> {
  await db
    .insertInto('sim_charges')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function findSimCharge(db: Db, subscriptionId: string, paymentId: string) {
  return db
    .selectFrom('sim_charges')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

/** The charge's status and amount, if the mandate has such a charge. */
export function findSimChargeAmount(db: Db, subscriptionId: string, paymentId: string) {
  return db
    .selectFrom('sim_charges')
    .select(['status', 'amount_paise'])
    .where('subscription_id', '=', subscriptionId)
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

/** The charge by its payment id; throws when there is none. */
export function simChargeRow(db: Db, paymentId: string) {
  return db.selectFrom('sim_charges').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
}

/** Cancels the charge if it has not started and its date is after `now`. */
export async function cancelSimChargeBefore(db: Db, subscriptionId: string, paymentId: string, now: Date): Promise<void> {
  await sql`update sim_charges set status = 'CANCELLED', failure_reason = 'Cancelled by the merchant'
      where subscription_id = ${subscriptionId} and payment_id = ${paymentId}
        and status = 'INITIALIZED' and scheduled_for > ${now}`.execute(db);
}

/** Ends the mandate's held (pending) charges with `outcome`: the charges ended. */
export async function endHeldSimCharges(
  db: Db,
  subscriptionId: string,
  outcome: string,
  failureReason: string | null,
): Promise<SimCharge[]> {
  const released = await sql<SimCharge>`update sim_charges set status = ${outcome}, failure_reason = ${failureReason}
      where subscription_id = ${subscriptionId} and status = 'PENDING' returning *`.execute(db);
  return released.rows;
}

/** Marks a charge not yet presented as held by the bank. */
export async function holdSimCharge(db: Db, paymentId: string): Promise<void> {
  await sql`update sim_charges set status = 'PENDING' where payment_id = ${paymentId} and status = 'INITIALIZED'`.execute(db);
}

/** Ends a charge not yet presented with `status`: the ended row, or undefined when it had been presented already. */
export async function endSimCharge(
  db: Db,
  paymentId: string,
  status: string,
  failureReason: string | null,
): Promise<SimCharge | undefined> {
  const updated = await sql<SimCharge>`update sim_charges set status = ${status}, failure_reason = ${failureReason}
      where payment_id = ${paymentId} and status = 'INITIALIZED' returning *`.execute(db);
  return updated.rows[0];
}
