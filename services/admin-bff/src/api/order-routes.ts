import { adminBffOperations as ops, rupeesOf } from '@elts/contracts';
import { type AppEnv, mount } from '@elts/platform';
import { Hono } from 'hono';
import type { AdminBffContext } from '../context.js';
import { pageOf } from '../store/filters.js';
import { orderFilters, productOrderPage, productOrderStats, subscriptionPage, subscriptionStats } from '../store/order-lists.js';
import { productOrderRefunds } from '../store/order-refunds-projection.js';

const user = (row: { firstname: string | null; lastname: string | null; email: string | null }) =>
  row.email ? { firstname: row.firstname ?? '', lastname: row.lastname ?? '', email: row.email } : null;

/** The Orders page's two tabs: product orders and subscriptions, with their stat cards. */
/** What the product orders' and the memberships' cards both count: revenue, orders, completed and pending. */
function orderCounts(row: { revenue: Parameters<typeof rupeesOf>[0]; total: unknown; completed: unknown; pending: unknown }) {
  return {
    totalRevenue: rupeesOf(row.revenue),
    totalOrders: Number(row.total),
    completedOrders: Number(row.completed),
    pendingOrders: Number(row.pending),
  };
}

export function orderRoutes({ db }: AdminBffContext) {
  const app = new Hono<AppEnv>();
  mount(app, ops.adminProductOrders, async (c) => {
    const { page, limit, ...query } = c.req.valid('query');
    const [rows, total] = await productOrderPage(db, orderFilters(query), page, limit);
    const refunds = await productOrderRefunds(
      db,
      rows.map((row) => row.order_id),
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
        netAmount: rupeesOf(row.net_paise),
        refunds: (refunds.get(row.order_id) ?? []).map((refund) => ({
          refundId: refund.refund_id,
          kind: refund.kind,
          method: refund.method,
          amount: rupeesOf(refund.amount_paise ?? 0),
          state: refund.state,
          retry: refund.retry,
          retryOf: refund.retry_of,
          askedAt: refund.asked_at?.toISOString() ?? null,
          settledAt: refund.settled_at?.toISOString() ?? null,
        })),
      })),
      pagination: pageOf(page, limit, Number(total.n)),
    });
  });
  mount(app, ops.adminProductOrderStats, async (c) => {
    const { page: _p, limit: _l, ...query } = c.req.valid('query');
    const row = await productOrderStats(db, orderFilters(query));
    return c.json({
      is_success: true,
      data: orderCounts(row),
    });
  });
  mount(app, ops.adminSubscriptions, async (c) => {
    const { page, limit, ...filters } = c.req.valid('query');
    const [rows, total] = await subscriptionPage(db, filters, page, limit);
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
  });
  mount(app, ops.adminSubscriptionStats, async (c) => {
    const { page: _p, limit: _l, ...filters } = c.req.valid('query');
    // Revenue is every successful payment of the subscriptions (the first year and each renewal): paid_paise.
    // Each status is counted on one card (docs/decisions/0145): Completed is a membership that ran its whole term
    // (expired); one cancelled, revoked or failed is not completed, whatever it was paid.
    const row = await subscriptionStats(db, filters);
    return c.json({
      is_success: true,
      data: {
        ...orderCounts(row),
        activeSubscriptions: Number(row.active),
        failedSubscriptions: Number(row.failed),
        cancelledSubscriptions: Number(row.cancelled),
        revokedSubscriptions: Number(row.revoked),
      },
    });
  });
  return app;
}
