import type { PaymentTimeouts } from '@elts/contracts';
import { rupeesOf } from '@elts/contracts';
import { type AppEnv, queryParams, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { pageOf, sumOf } from '../queries/filters.js';
import { inParallel } from '../queries/parallel.js';
import {
  atRiskPayments,
  filteredPayments,
  paymentGroups,
  paymentsPage,
  paymentsQuery,
  paymentView,
  TIMED_OUT,
} from '../queries/payments.js';
import { recommendations } from '../queries/timeout-rules.js';
import type { AdminDb } from '../store/tables.js';

const timeoutsQuery = paymentsQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  days: z.coerce.number().int().min(1).max(365).default(30),
});
// The stats of the Timed Out view cover the same 30 days as its list (spec section 9); elsewhere, all time.
const statsQuery = paymentsQuery.extend({ days: z.coerce.number().int().min(1).max(365).optional() });
const analysisQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => [1, 7, 30, 90].includes(d), 'days must be 1, 7, 30 or 90')
    .default(7),
});

const SUCCESS = sql`g.status = 'success'`;
// A refund keeps no revenue of its own: what it gives back is taken off the refunded payment (its net_paise).
const REVENUE = sql`g.status = 'success' and g.payment_type <> 'refund'`;

const percent = (part: number, whole: number) => `${whole === 0 ? '0.00' : ((part / whole) * 100).toFixed(2)}%`;

/** The Payments and Timeouts pages' calls; `timeouts` are the payments service's, for the at-risk rule. */
export function paymentRoutes(db: Kysely<AdminDb>, timeouts: PaymentTimeouts) {
  return new Hono<AppEnv>()
    .get('/admin/payments', queryParams(paymentsQuery), async (c) => {
      requireAdmin(c);
      const { page, limit, ...filters } = c.req.valid('query');
      const query = filteredPayments(db, filters);
      const [rows, total] = await inParallel(
        () => paymentsPage(db, query, 'p.created_at', page, limit),
        () => db.selectFrom(paymentGroups(db, filters).as('g')).select(sumOf('g.payments').as('n')).executeTakeFirstOrThrow(),
      );
      return c.json({
        is_success: true,
        payments: rows.map((row) => paymentView(row as never, timeouts)),
        pagination: pageOf(page, limit, Number(total.n)),
      });
    })
    .get('/admin/payments/stats', queryParams(statsQuery), async (c) => {
      requireAdmin(c);
      const { page: _page, limit: _limit, days, ...filters } = c.req.valid('query');
      const row = await db
        .selectFrom(paymentGroups(db, filters, days).as('g'))
        .select([
          sumOf('g.payments').as('total'),
          sumOf('g.net_paise', REVENUE).as('revenue'),
          sumOf('g.payments', SUCCESS).as('successful'),
          sumOf('g.payments', sql`g.status in ('pending', 'processing')`).as('pending'),
          sumOf('g.payments', sql`g.status = 'failed'`).as('failed'),
          sumOf('g.payments', sql`g.timed_out`).as('timed_out'),
        ])
        .executeTakeFirstOrThrow();
      return c.json({
        is_success: true,
        data: {
          totalRevenue: rupeesOf(row.revenue),
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
      const timedOut = db.selectFrom(paymentGroups(db, filters, days).as('g')).where('g.timed_out', '=', true);
      const [rows, total, byType] = await inParallel(
        () => paymentsPage(db, query, 'p.processed_at', page, limit),
        () => timedOut.select([sumOf('g.payments').as('n'), sumOf('g.amount_paise').as('lost')]).executeTakeFirstOrThrow(),
        () =>
          timedOut
            .select(['g.payment_type', sumOf('g.payments').as('n'), sumOf('g.amount_paise').as('amount')])
            .groupBy('g.payment_type')
            // Aggregate rows a payment has left stay at zero: a type is listed only while it has timed-out payments.
            .having(sql`sum(g.payments)`, '>', 0)
            .orderBy('g.payment_type')
            .execute(),
      );
      const pages = pageOf(page, limit, Number(total.n));
      return c.json({
        is_success: true,
        payments: rows.map((row) => ({
          ...paymentView(row as never, timeouts),
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
          total_amount_lost: rupeesOf(total.lost),
          by_payment_type: byType.map((t) => ({ paymentType: t.payment_type, count: Number(t.n), total_amount: rupeesOf(t.amount) })),
        },
      });
    })
    .get('/admin/payments/timeout-analysis', queryParams(analysisQuery), async (c) => {
      requireAdmin(c);
      const { days } = c.req.valid('query');
      // A refund is money going back, never a payment that could time out: it is not in these rates.
      const overview = await db
        .selectFrom(paymentGroups(db, {}, days).as('g'))
        .where('g.payment_type', '!=', 'refund')
        .select([
          sumOf('g.payments').as('total'),
          sumOf('g.payments', SUCCESS).as('successful'),
          sumOf('g.payments', sql`g.timed_out`).as('timed_out'),
        ])
        .executeTakeFirstOrThrow();
      const now = new Date();
      const atRiskWindow = atRiskPayments(db, timeouts, now);
      // The list is capped; the count is not (the at-risk warning compares it with 10).
      const [atRisk, atRiskCount] = await inParallel(
        () =>
          atRiskWindow
            .select(['p.payment_id', 'p.order_id', 'p.payment_type', 'p.amount_paise', 'p.created_at'])
            .orderBy('p.created_at')
            .limit(100)
            .execute(),
        () => atRiskWindow.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      );
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
            count: Number(atRiskCount.n),
            payments: atRisk.map((p) => ({
              paymentId: p.payment_id,
              orderId: p.order_id,
              paymentType: p.payment_type,
              amount: rupeesOf(p.amount_paise),
              minutes_since_creation: Math.floor((now.getTime() - new Date(p.created_at).getTime()) / 60_000),
            })),
            // The rule's thresholds, so the page says which ages it counts without knowing the settings.
            window: { at_risk_after_seconds: timeouts.atRiskAfterSeconds, timeout_after_seconds: timeouts.timeoutAfterSeconds },
          },
          recommendations: recommendations({
            total,
            successful: Number(overview.successful),
            timedOut: timedOutCount,
            atRisk: Number(atRiskCount.n),
          }),
        },
      });
    });
}
