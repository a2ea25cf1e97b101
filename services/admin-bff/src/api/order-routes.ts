import { type AppEnv, queryParams, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { indianDayRange, likePattern, listQuery, optional, pageOf, rupees } from '../queries/filters.js';
import type { AdminDb } from '../store/tables.js';

const productOrdersQuery = listQuery.extend({
  type: optional(z.string().max(20)),
  status: optional(z.enum(['pending', 'processing', 'completed', 'failed', 'cancelled'])),
});
const subscriptionsQuery = listQuery.extend({
  type: optional(z.string().max(20)),
  status: optional(z.enum(['pending', 'active', 'expired', 'cancelled', 'failed', 'revoked'])),
});

type Filters = {
  status?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  searchTerm?: string | undefined;
};

function productOrders(db: Kysely<AdminDb>, filters: Filters) {
  let query = db.selectFrom('product_orders as o').leftJoin('users as u', 'u.member_id', 'o.member_id');
  if (filters.status) query = query.where('o.status', '=', filters.status);
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
    query = query.where((eb) =>
      eb.or([
        eb('s.subscription_id', 'ilike', pattern),
        eb(sql`s.member_id::text`, 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb(sql`u.firstname || ' ' || u.lastname`, 'ilike', pattern),
      ]),
    );
  }
  return query;
}

const user = (row: { firstname: string | null; lastname: string | null; email: string | null }) =>
  row.email ? { firstname: row.firstname ?? '', lastname: row.lastname ?? '', email: row.email } : null;

/** The Orders page's two tabs: product orders and subscriptions, with their stat cards. */
export function orderRoutes(db: Kysely<AdminDb>) {
  return new Hono<AppEnv>()
    .get('/admin/product-orders', queryParams(productOrdersQuery), async (c) => {
      requireAdmin(c);
      const { page, limit, ...filters } = c.req.valid('query');
      const query = productOrders(db, filters);
      const [rows, total] = await Promise.all([
        query
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
            'u.firstname',
            'u.lastname',
            'u.email',
          ])
          .orderBy('o.created_at', 'desc')
          .orderBy('o.order_id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
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
          amount: rupees(row.amount_paise),
          currency: row.currency,
          status: row.status,
          createdAt: row.created_at.toISOString(),
        })),
        pagination: pageOf(page, limit, Number(total.n)),
      });
    })
    .get('/admin/product-orders/stats', queryParams(productOrdersQuery), async (c) => {
      requireAdmin(c);
      const { page: _p, limit: _l, ...filters } = c.req.valid('query');
      const row = await productOrders(db, filters)
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          sql<number>`coalesce(sum(o.amount_paise) filter (where o.status = 'completed'), 0)`.as('revenue'),
          sql<number>`count(*) filter (where o.status = 'completed')`.as('completed'),
          sql<number>`count(*) filter (where o.status in ('pending', 'processing'))`.as('pending'),
        ])
        .executeTakeFirstOrThrow();
      return c.json({
        is_success: true,
        data: {
          totalRevenue: rupees(row.revenue),
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
      const [rows, total] = await Promise.all([
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
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return c.json({
        is_success: true,
        orders: rows.map((row) => ({
          subscriptionId: row.subscription_id,
          userId: row.member_id,
          user: user(row),
          planType: row.plan_type,
          frequency: row.frequency,
          amount: rupees(row.amount_paise),
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
      const row = await subscriptions(db, filters)
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          // Every successful payment of the subscription counts: the first year and each renewal.
          sql<number>`coalesce(sum((select coalesce(sum(p.amount_paise - p.refunded_paise), 0) from payments p
            where p.order_id = s.subscription_id and p.payment_type = 'subscription' and p.status = 'success')), 0)`.as('revenue'),
          sql<number>`count(*) filter (where s.start_date is not null)`.as('completed'),
          sql<number>`count(*) filter (where s.status = 'pending')`.as('pending'),
          sql<number>`count(*) filter (where s.status = 'active')`.as('active'),
        ])
        .executeTakeFirstOrThrow();
      return c.json({
        is_success: true,
        data: {
          totalRevenue: rupees(row.revenue),
          totalOrders: Number(row.total),
          completedOrders: Number(row.completed),
          pendingOrders: Number(row.pending),
          activeSubscriptions: Number(row.active),
        },
      });
    });
}
