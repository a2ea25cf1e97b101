import { adminBffOperations as ops, rupeesOf } from '@elts/contracts';
import { type AppEnv, mount } from '@elts/platform';
import { Hono } from 'hono';
import type { AdminBffContext } from '../context.js';
import { recommendations } from '../domain/timeout-rules.js';
import { pageOf } from '../store/filters.js';
import {
  atRiskPaymentList,
  paymentStats,
  paymentsListPage,
  paymentView,
  timedOutPaymentsPage,
  timeoutOverview,
} from '../store/payments.js';

const percent = (part: number, whole: number) => `${whole === 0 ? '0.00' : ((part / whole) * 100).toFixed(2)}%`;

/** The Payments and Timeouts pages' calls; `timeouts` are the payments service's, for the at-risk rule. */
export function paymentRoutes({ db, timeouts, clock }: AdminBffContext) {
  const app = new Hono<AppEnv>();
  mount(app, ops.adminPayments, async (c) => {
    const { page, limit, ...filters } = c.req.valid('query');
    const [rows, total] = await paymentsListPage(db, filters, clock.now(), page, limit);
    return c.json({
      is_success: true,
      payments: rows.map((row) => paymentView(row as never, timeouts, clock.now())),
      pagination: pageOf(page, limit, Number(total.n)),
    });
  });
  mount(app, ops.adminPaymentStats, async (c) => {
    const { page: _page, limit: _limit, days, ...filters } = c.req.valid('query');
    const row = await paymentStats(db, filters, clock.now(), days);
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
  });
  mount(app, ops.adminTimedOutPayments, async (c) => {
    const { page, limit, days, ...filters } = c.req.valid('query');
    const [rows, total, byType] = await timedOutPaymentsPage(db, filters, clock.now(), days, page, limit);
    const pages = pageOf(page, limit, Number(total.n));
    return c.json({
      is_success: true,
      payments: rows.map((row) => ({
        ...paymentView(row as never, timeouts, clock.now()),
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
  });
  mount(app, ops.adminTimeoutAnalysis, async (c) => {
    const { days } = c.req.valid('query');
    // A refund is money going back, never a payment that could time out: it is not in these rates.
    const overview = await timeoutOverview(db, clock.now(), days);
    const now = clock.now();
    // The list is capped; the count is not (the at-risk warning compares it with 10).
    const [atRisk, atRiskCount] = await atRiskPaymentList(db, timeouts, now);
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
  return app;
}
