import { type Kysely, sql } from 'kysely';
import { indianDayRange, likePattern, splitIntoDays, sumOf } from './filters.js';
import { inParallel } from './parallel.js';
import type { AdminDb } from './tables.js';
import { matchingMembers } from './users.js';

// The Orders page's two lists (product orders and subscriptions) and their stat cards.

export type Filters = {
  status?: string | undefined;
  fulfilment?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  searchTerm?: string | undefined;
};

/**
 * The Status filter in the words every page uses (issue 32): 'processing' is a paid order at its processing step,
 * found with the fulfilment filter; the other statuses are the orders' own.
 */
export function orderFilters(filters: Filters): Filters {
  return filters.status === 'processing' ? { ...filters, status: 'completed', fulfilment: 'processing' } : filters;
}

export function productOrders(db: Kysely<AdminDb>, filters: Filters) {
  // Without users: the list joins them to its page's rows only (see paymentsIn).
  let query = db.selectFrom('product_orders as o');
  if (filters.status) query = query.where('o.status', '=', filters.status);
  if (filters.fulfilment) query = query.where('o.fulfilment_step', '=', filters.fulfilment);
  const { from, to } = indianDayRange(filters.startDate, filters.endDate);
  if (from) query = query.where('o.created_at', '>=', from);
  if (to) query = query.where('o.created_at', '<', to);
  if (filters.searchTerm) {
    const pattern = likePattern(filters.searchTerm);
    query = query.where((eb) =>
      eb.or([
        eb('o.order_id', 'ilike', pattern),
        eb(sql`o.member_id::text`, 'ilike', pattern),
        eb('o.customer_email', 'ilike', pattern),
        eb('o.customer_name', 'ilike', pattern),
        eb(sql`o.product->>'name'`, 'ilike', pattern),
      ]),
    );
  }
  return query;
}

export function subscriptions(db: Kysely<AdminDb>, filters: Filters) {
  let query = db.selectFrom('subscriptions as s').leftJoin('users as u', 'u.member_id', 's.member_id');
  if (filters.status) query = query.where('s.status', '=', filters.status);
  const { from, to } = indianDayRange(filters.startDate, filters.endDate);
  if (from) query = query.where('s.created_at', '>=', from);
  if (to) query = query.where('s.created_at', '<', to);
  if (filters.searchTerm) {
    const pattern = likePattern(filters.searchTerm);
    // As the payments search: the subscription's own columns and its member's, each arm through its index.
    query = query.where('s.subscription_id', 'in', (eb) =>
      eb
        .selectFrom('subscriptions as x')
        .select('x.subscription_id')
        .where((w) => w.or([w('x.subscription_id', 'ilike', pattern), w(sql`x.member_id::text`, 'ilike', pattern)]))
        .union(eb.selectFrom('subscriptions as x').select('x.subscription_id').where('x.member_id', 'in', matchingMembers(db, pattern))),
    );
  }
  return query;
}

/** Whole Indian days of the date filters, for the per-day aggregates (their bounds are always whole days). */
export function dayBounds(filters: Filters) {
  return splitIntoDays(indianDayRange(filters.startDate, filters.endDate)).days;
}

/**
 * Product orders per status, counted and summed: from the per-day aggregate, or from the orders themselves for a
 * text search or a fulfilment step (the aggregate keeps neither).
 */
export function productOrderGroups(db: Kysely<AdminDb>, filters: Filters) {
  if (filters.searchTerm || filters.fulfilment)
    return productOrders(db, filters)
      .select([
        'o.status',
        sql<string>`count(*)`.as('orders'),
        sql<string>`sum(o.amount_paise)`.as('amount_paise'),
        sql<string>`sum(o.net_paise)`.as('net_paise'),
      ])
      .groupBy('o.status');
  const { first, last } = dayBounds(filters);
  return db
    .selectFrom('product_order_day_stats as o')
    .select(['o.status', 'o.orders', 'o.amount_paise', 'o.net_paise'])
    .$if(Boolean(filters.status), (q) => q.where('o.status', '=', filters.status as string))
    .$if(Boolean(first), (q) => q.where('o.day', '>=', first as string))
    .$if(Boolean(last), (q) => q.where('o.day', '<=', last as string));
}

/** Subscriptions per status, counted with what they were paid; as productOrderGroups. */
export function subscriptionGroups(db: Kysely<AdminDb>, filters: Filters) {
  if (filters.searchTerm)
    return subscriptions(db, filters)
      .select(['s.status', sql<string>`count(*)`.as('subscriptions'), sql<string>`sum(s.paid_paise)`.as('paid_paise')])
      .groupBy('s.status');
  const { first, last } = dayBounds(filters);
  return db
    .selectFrom('subscription_day_stats as s')
    .select(['s.status', 's.subscriptions', 's.paid_paise'])
    .$if(Boolean(filters.status), (q) => q.where('s.status', '=', filters.status as string))
    .$if(Boolean(first), (q) => q.where('s.day', '>=', first as string))
    .$if(Boolean(last), (q) => q.where('s.day', '<=', last as string));
}

/** One page of product orders with their users, and how many match. */
export async function productOrderPage(db: Kysely<AdminDb>, filters: Filters, page: number, limit: number) {
  // The page's ids on product orders alone (a deep page walks an index), then those rows with their users.
  const ids = productOrders(db, filters)
    .select('o.order_id')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.order_id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit);
  return inParallel(
    () =>
      db
        .selectFrom('product_orders as o')
        .leftJoin('users as u', 'u.member_id', 'o.member_id')
        .where('o.order_id', 'in', ids)
        .select([
          'o.order_id',
          'o.member_id',
          'o.customer_email',
          'o.customer_name',
          'o.product',
          'o.quantity',
          'o.amount_paise',
          'o.currency',
          'o.status',
          'o.created_at',
          'o.fulfilment_step',
          'o.courier',
          'o.awb_number',
          'o.tracking_url',
          'o.shipped_at',
          'o.delivered_on',
          'o.refund_state',
          'o.refund_choice',
          'o.refund_choice_by',
          'o.net_paise',
          'u.firstname',
          'u.lastname',
          'u.email',
        ])
        .orderBy('o.created_at', 'desc')
        .orderBy('o.order_id', 'desc')
        .execute(),
    () => db.selectFrom(productOrderGroups(db, filters).as('g')).select(sumOf('g.orders').as('n')).executeTakeFirstOrThrow(),
  );
}

/**
 * The product orders' stat cards: how many, their revenue, completed and pending. Revenue is what the orders'
 * payments kept (paid less refunded, whatever the order's status: an order cancelled as out of stock whose member
 * took credits kept its money), the same sum as the Payments page's product revenue (issue 32).
 */
export async function productOrderStats(db: Kysely<AdminDb>, filters: Filters) {
  const completed = sql`g.status = 'completed'`;
  return db
    .selectFrom(productOrderGroups(db, filters).as('g'))
    .select([
      sumOf('g.orders').as('total'),
      sumOf('g.net_paise').as('revenue'),
      sumOf('g.orders', completed).as('completed'),
      sumOf('g.orders', sql`g.status = 'pending'`).as('pending'),
    ])
    .executeTakeFirstOrThrow();
}

/** One page of subscriptions with their users, and how many match. */
export async function subscriptionPage(db: Kysely<AdminDb>, filters: Filters, page: number, limit: number) {
  const query = subscriptions(db, filters);
  return inParallel(
    () =>
      query
        .select([
          's.subscription_id',
          's.member_id',
          's.plan_type',
          's.frequency',
          's.amount_paise',
          's.currency',
          's.status',
          's.auto_renewal',
          's.created_at',
          's.start_date',
          's.end_date',
          'u.firstname',
          'u.lastname',
          'u.email',
        ])
        .orderBy('s.created_at', 'desc')
        .orderBy('s.subscription_id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
    () => db.selectFrom(subscriptionGroups(db, filters).as('g')).select(sumOf('g.subscriptions').as('n')).executeTakeFirstOrThrow(),
  );
}

/** The subscriptions' stat cards: how many, their revenue, and how many of each status. */
export async function subscriptionStats(db: Kysely<AdminDb>, filters: Filters) {
  const counted = (status: string) => sumOf('g.subscriptions', sql`g.status = ${status}`);
  return db
    .selectFrom(subscriptionGroups(db, filters).as('g'))
    .select([
      sumOf('g.subscriptions').as('total'),
      sumOf('g.paid_paise').as('revenue'),
      counted('expired').as('completed'),
      counted('pending').as('pending'),
      counted('active').as('active'),
      counted('failed').as('failed'),
      counted('cancelled').as('cancelled'),
      counted('revoked').as('revoked'),
    ])
    .executeTakeFirstOrThrow();
}
