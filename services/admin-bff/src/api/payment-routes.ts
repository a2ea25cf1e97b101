import { type AppEnv, queryParams, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { pageOf, rupees } from '../queries/filters.js';
import { filteredPayments, paymentColumns, paymentsQuery, paymentView, TIMED_OUT } from '../queries/payments.js';
import { recommendations } from '../queries/timeout-rules.js';
import type { AdminDb } from '../store/tables.js';

const timeoutsQuery = paymentsQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  days: z.coerce.number().int().min(1).max(365).default(30),
});
const analysisQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => [1, 7, 30, 90].includes(d), 'days must be 1, 7, 30 or 90')
    .default(7),
});

const percent = (part: number, whole: number) => `${whole === 0 ? '0.00' : ((part / whole) * 100).toFixed(2)}%`;

/** The Payments and Timeouts pages' calls. */
export function paymentRoutes(db: Kysely<AdminDb>) {
  return new Hono<AppEnv>()
    .get('/admin/payments', queryParams(paymentsQuery), async (c) => {
      requireAdmin(c);
      const { page, limit, ...filters } = c.req.valid('query');
      const query = filteredPayments(db, filters);
      const [rows, total] = await Promise.all([
        query
          .select([...paymentColumns])
          .orderBy('p.created_at', 'desc')
          .orderBy('p.payment_id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return c.json({
        is_success: true,
        payments: rows.map((row) => paymentView(row as never)),
        pagination: pageOf(page, limit, Number(total.n)),
      });
    })
    .get('/admin/payments/stats', queryParams(paymentsQuery), async (c) => {
      requireAdmin(c);
      const { page: _page, limit: _limit, ...filters } = c.req.valid('query');
      const row = await filteredPayments(db, filters)
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          sql<number>`coalesce(sum(p.amount_paise - p.refunded_paise) filter (where p.status = 'success'), 0)`.as('revenue'),
          sql<number>`count(*) filter (where p.status = 'success')`.as('successful'),
          sql<number>`count(*) filter (where p.status in ('pending', 'processing'))`.as('pending'),
          sql<number>`count(*) filter (where p.status = 'failed')`.as('failed'),
          sql<number>`count(*) filter (where ${TIMED_OUT})`.as('timed_out'),
        ])
        .executeTakeFirstOrThrow();
      return c.json({
        is_success: true,
        data: {
          totalRevenue: rupees(row.revenue),
          totalPayments: Number(row.total),
          successfulPayments: Number(row.successful),
          pendingPayments: Number(row.pending),
          failedPayments: Number(row.failed),
          timedOutPayments: Number(row.timed_out),
        },
      });
    })
    .get('/admin/payments/timeouts', queryParams(timeoutsQuery), async (c) => {
      requireAdmin(c);
      const { page, limit, days, ...filters } = c.req.valid('query');
      const query = filteredPayments(db, filters, days).where(TIMED_OUT);
      const [rows, total, byType] = await Promise.all([
        query
          .select([...paymentColumns])
          .orderBy('p.processed_at', 'desc')
          .orderBy('p.payment_id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        query
          .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(p.amount_paise), 0)`.as('lost')])
          .executeTakeFirstOrThrow(),
        query
          .select((eb) => ['p.payment_type', eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(p.amount_paise), 0)`.as('amount')])
          .groupBy('p.payment_type')
          .orderBy('p.payment_type')
          .execute(),
      ]);
      const pages = pageOf(page, limit, Number(total.n));
      return c.json({
        is_success: true,
        payments: rows.map((row) => ({
          ...paymentView(row as never),
          timeout_info: { timeout_minutes: row.timeout_minutes ?? null, auto_failed: row.auto_failed },
        })),
        pagination: {
          current_page: page,
          total_pages: pages.totalPages,
          total_items: pages.totalCount,
          has_prev: pages.hasPrev,
          has_next: pages.hasNext,
        },
        statistics: {
          total_amount_lost: rupees(total.lost),
          by_payment_type: byType.map((t) => ({ paymentType: t.payment_type, count: Number(t.n), total_amount: rupees(t.amount) })),
        },
      });
    })
    .get('/admin/payments/timeout-analysis', queryParams(analysisQuery), async (c) => {
      requireAdmin(c);
      const { days } = c.req.valid('query');
      const since = new Date(Date.now() - days * 24 * 3600_000);
      const overview = await db
        .selectFrom('payments as p')
        .where('p.created_at', '>=', since)
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          sql<number>`count(*) filter (where p.status = 'success')`.as('successful'),
          sql<number>`count(*) filter (where ${TIMED_OUT})`.as('timed_out'),
        ])
        .executeTakeFirstOrThrow();
      // At risk: still open, 12 to 15 minutes old (the payment timeout is 15).
      const now = Date.now();
      const atRisk = await db
        .selectFrom('payments as p')
        .select(['p.payment_id', 'p.order_id', 'p.payment_type', 'p.amount_paise', 'p.created_at'])
        .where('p.status', 'in', ['pending', 'processing'])
        .where('p.created_at', '<=', new Date(now - 12 * 60_000))
        .where('p.created_at', '>', new Date(now - 15 * 60_000))
        .orderBy('p.created_at')
        .limit(100)
        .execute();
      const total = Number(overview.total);
      const timedOutCount = Number(overview.timed_out);
      return c.json({
        is_success: true,
        data: {
          overview: {
            total_payments: total,
            successful_payments: Number(overview.successful),
            timed_out_payments: timedOutCount,
            success_rate: percent(Number(overview.successful), total),
            timeout_rate: percent(timedOutCount, total),
          },
          at_risk_payments: {
            count: atRisk.length,
            payments: atRisk.map((p) => ({
              paymentId: p.payment_id,
              orderId: p.order_id,
              paymentType: p.payment_type,
              amount: rupees(p.amount_paise),
              minutes_since_creation: Math.floor((now - new Date(p.created_at).getTime()) / 60_000),
            })),
          },
          recommendations: recommendations({
            total,
            successful: Number(overview.successful),
            timedOut: timedOutCount,
            atRisk: atRisk.length,
          }),
        },
      });
    });
}
