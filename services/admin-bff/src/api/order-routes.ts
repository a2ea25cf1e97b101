import { FULFILMENT_STEPS, ORDER_STATUSES, rupeesOf, SUBSCRIPTION_STATUSES } from '@elts/contracts';
import { type AppEnv, queryParams, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { indianDayRange, likePattern, listQuery, oneOf, optional, pageOf, splitIntoDays, sumOf } from '../queries/filters.js';
import { inParallel } from '../queries/parallel.js';
import { matchingMembers } from '../queries/users.js';
import type { AdminDb } from '../store/tables.js';

const productOrdersQuery = listQuery.extend({
  type: optional(z.string().max(20)),
  status: optional(oneOf('Status', ORDER_STATUSES)),
  /** Paid orders at one fulfilment step (docs/decisions/0023), for operators working through them. */
  fulfilment: optional(oneOf('Fulfilment', FULFILMENT_STEPS)),
});
const subscriptionsQuery = listQuery.extend({
  type: optional(z.string().max(20)),
  // Every status a subscription can reach (payments' SUBSCRIPTION_STATUSES), so each one can be found.
  status: optional(oneOf('Status', SUBSCRIPTION_STATUSES)),
});

type Filters = {
  status?: string | undefined;
  fulfilment?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  searchTerm?: string | undefined;
};

function productOrders(db: Kysely<AdminDb>, filters: Filters) {
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

function subscriptions(db: Kysely<AdminDb>, filters: Filters) {
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
function dayBounds(filters: Filters) {
  return splitIntoDays(indianDayRange(filters.startDate, filters.endDate)).days;
}

/**
 * Product orders per status, counted and summed: from the per-day aggregate, or from the orders themselves for a
 * text search or a fulfilment step (the aggregate keeps neither).
 */
function productOrderGroups(db: Kysely<AdminDb>, filters: Filters) {
  if (filters.searchTerm || filters.fulfilment)
    return productOrders(db, filters)
      .select(['o.status', sql<string>`count(*)`.as('orders'), sql<string>`sum(o.amount_paise)`.as('amount_paise')])
      .groupBy('o.status');
  const { first, last } = dayBounds(filters);
  return db
    .selectFrom('product_order_day_stats as o')
    .select(['o.status', 'o.orders', 'o.amount_paise'])
    .$if(Boolean(filters.status), (q) => q.where('o.status', '=', filters.status as string))
    .$if(Boolean(first), (q) => q.where('o.day', '>=', first as string))
    .$if(Boolean(last), (q) => q.where('o.day', '<=', last as string));
}

/** Subscriptions per status, counted with what they were paid; as productOrderGroups. */
function subscriptionGroups(db: Kysely<AdminDb>, filters: Filters) {
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

const user = (row: { firstname: string | null; lastname: string | null; email: string | null }) =>
  row.email ? { firstname: row.firstname ?? '', lastname: row.lastname ?? '', email: row.email } : null;

/** The Orders page's two tabs: product orders and subscriptions, with their stat cards. */
export function orderRoutes(db: Kysely<AdminDb>) {
  return new Hono<AppEnv>()
    .get('/admin/product-orders', queryParams(productOrdersQuery), async (c) => {
      requireAdmin(c);
      const { page, limit, ...filters } = c.req.valid('query');
      // The page's ids on product orders alone (a deep page walks an index), then those rows with their users.
      const ids = productOrders(db, filters)
        .select('o.order_id')
        .orderBy('o.created_at', 'desc')
        .orderBy('o.order_id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit);
      const [rows, total] = await inParallel(
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
              'u.firstname',
              'u.lastname',
              'u.email',
            ])
            .orderBy('o.created_at', 'desc')
            .orderBy('o.order_id', 'desc')
            .execute(),
        () => db.selectFrom(productOrderGroups(db, filters).as('g')).select(sumOf('g.orders').as('n')).executeTakeFirstOrThrow(),
      );
      return c.json({
        is_success: true,
        orders: rows.map((row) => ({
          orderId: row.order_id,
          userId: row.member_id,
          user: user(row),
          customerName: row.customer_name,
          customerEmail: row.customer_email,
          product: row.product,
          quantity: row.quantity,
          amount: rupeesOf(row.amount_paise),
          currency: row.currency,
          status: row.status,
          createdAt: row.created_at.toISOString(),
          fulfilment: row.fulfilment_step
            ? {
                step: row.fulfilment_step,
                courier: row.courier,
                awbNumber: row.awb_number,
                trackingUrl: row.tracking_url,
                shippedAt: row.shipped_at?.toISOString() ?? null,
                deliveredOn: row.delivered_on,
              }
            : null,
          // Cancelled as out of stock: where its refund stands (docs/decisions/0024).
          refund: row.refund_state
            ? { state: row.refund_state, choice: row.refund_choice, choiceBy: row.refund_choice_by?.toISOString() ?? null }
            : null,
        })),
        pagination: pageOf(page, limit, Number(total.n)),
      });
    })
    .get('/admin/product-orders/stats', queryParams(productOrdersQuery), async (c) => {
      requireAdmin(c);
      const { page: _p, limit: _l, ...filters } = c.req.valid('query');
      const completed = sql`g.status = 'completed'`;
      const row = await db
        .selectFrom(productOrderGroups(db, filters).as('g'))
        .select([
          sumOf('g.orders').as('total'),
          sumOf('g.amount_paise', completed).as('revenue'),
          sumOf('g.orders', completed).as('completed'),
          sumOf('g.orders', sql`g.status in ('pending', 'processing')`).as('pending'),
        ])
        .executeTakeFirstOrThrow();
      return c.json({
        is_success: true,
        data: {
          totalRevenue: rupeesOf(row.revenue),
          totalOrders: Number(row.total),
          completedOrders: Number(row.completed),
          pendingOrders: Number(row.pending),
        },
      });
    })
    .get('/admin/subscriptions', queryParams(subscriptionsQuery), async (c) => {
      requireAdmin(c);
      const { page, limit, ...filters } = c.req.valid('query');
      const query = subscriptions(db, filters);
      const [rows, total] = await inParallel(
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
      return c.json({
        is_success: true,
        orders: rows.map((row) => ({
          subscriptionId: row.subscription_id,
          userId: row.member_id,
          user: user(row),
          planType: row.plan_type,
          frequency: row.frequency,
          amount: rupeesOf(row.amount_paise),
          currency: row.currency,
          status: row.status,
          autoRenewal: row.auto_renewal,
          createdAt: row.created_at.toISOString(),
          startDate: row.start_date?.toISOString() ?? null,
          endDate: row.end_date?.toISOString() ?? null,
        })),
        pagination: pageOf(page, limit, Number(total.n)),
      });
    })
    .get('/admin/subscriptions/stats', queryParams(subscriptionsQuery), async (c) => {
      requireAdmin(c);
      const { page: _p, limit: _l, ...filters } = c.req.valid('query');
      // Revenue is every successful payment of the subscriptions (the first year and each renewal): paid_paise.
      // Each status is counted on one card (docs/decisions/0145): Completed is a membership that ran its whole term
      // (expired); one cancelled, revoked or failed is not completed, whatever it was paid.
      const counted = (status: string) => sumOf('g.subscriptions', sql`g.status = ${status}`);
      const row = await db
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
      return c.json({
        is_success: true,
        data: {
          totalRevenue: rupeesOf(row.revenue),
          totalOrders: Number(row.total),
          completedOrders: Number(row.completed),
          pendingOrders: Number(row.pending),
          activeSubscriptions: Number(row.active),
          failedSubscriptions: Number(row.failed),
          cancelledSubscriptions: Number(row.cancelled),
          revokedSubscriptions: Number(row.revoked),
        },
      });
    });
}
