import type { Kysely } from 'kysely';
import type { OrdersDb } from './tables.js';

/** The member's own order, if they have one with this id. */
export function findOwnOrder(db: Kysely<OrdersDb>, memberId: string, orderId: string) {
  return db.selectFrom('orders').selectAll().where('order_id', '=', orderId).where('member_id', '=', memberId).executeTakeFirst();
}

/** The order's row; throws when there is none. */
export function orderRow(db: Kysely<OrdersDb>, orderId: string) {
  return db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

/** The order an exchange belongs to, if the exchange is known. */
export async function findOrderIdOfExchange(db: Kysely<OrdersDb>, exchangeId: string): Promise<string | undefined> {
  const row = await db.selectFrom('order_exchanges').select('order_id').where('exchange_id', '=', exchangeId).executeTakeFirst();
  return row?.order_id;
}

/** The order's member and status, if the order is recorded. */
export function findOrderMemberAndStatus(db: Kysely<OrdersDb>, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['member_id', 'status', 'product_id', 'quantity'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** The order's status and payment, if the order is recorded. */
export function findOrderStatusAndPayment(db: Kysely<OrdersDb>, orderId: string) {
  return db.selectFrom('orders').select(['status', 'payment_id']).where('order_id', '=', orderId).executeTakeFirst();
}

/** The order's row, if it is recorded. */
export function findOrder(db: Kysely<OrdersDb>, orderId: string) {
  return db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** What the refund choice page shows of the member's own order, if they have one with this id. */
export function findOwnOrderSummary(db: Kysely<OrdersDb>, memberId: string, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['order_id', 'product', 'amount_paise', 'status', 'created_at'])
    .where('order_id', '=', orderId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/**
 * One page of the member's orders, newest first, and how many match. `failed` also lists cancelled orders; `all`
 * (or none) lists every status.
 */
export function memberOrderPage(db: Kysely<OrdersDb>, memberId: string, status: string | undefined, page: number, limit: number) {
  let query = db.selectFrom('orders').where('member_id', '=', memberId);
  if (status === 'failed') query = query.where('status', 'in', ['failed', 'cancelled']);
  else if (status && status !== 'all') query = query.where('status', '=', status);
  return Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('order_id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}

/** What the exchange queue shows of the orders its exchanges belong to. */
export function exchangeQueueOrders(db: Kysely<OrdersDb>, orderIds: string[]) {
  return db
    .selectFrom('orders')
    .select(['order_id', 'member_id', 'customer', 'product', 'quantity', 'unit_price_paise', 'amount_paise'])
    .where('order_id', 'in', orderIds)
    .execute();
}
