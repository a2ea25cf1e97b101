import { ordersOperations, QUEUE_OPEN_EXCHANGE_STATES, rupeesOf } from '@elts/contracts';
import { type AdminPrincipal, type AppEnv, mount, requireAdmin, requireMember, unlessRefused } from '@elts/platform';
import { Hono } from 'hono';
import type { OrdersContext } from '../commands/context.js';
import { approveExchange, type ExchangeOutcome, refuseExchange, requestExchange } from '../commands/exchanges.js';
import { exchangeQueuePage, exchangeRows, exchangeViews } from '../store/exchange-views.js';
import { buyerContacts } from '../store/member-buyers.js';
import { exchangeQueueOrders } from '../store/order-reads.js';

const actorOf = (admin: AdminPrincipal) => `admin:${admin.id}`;

const OUTCOME_MESSAGES: Record<ExchangeOutcome, (id: string) => string> = {
  approved: (id) => `Exchange ${id} approved: its replacement waits to be processed.`,
  approving: (id) => `Exchange ${id} approved: its replacement's stock could not be taken just now, and will be taken shortly.`,
  refunded: (id) => `Exchange ${id}: no replacement is in stock, so the member is refunded.`,
  refused: (id) => `Exchange ${id} refused. The member has been mailed the reason.`,
  unchanged: (id) => `Exchange ${id} was already decided so.`,
};

/**
 * Exchanges (docs/decisions/0025): the member asks from their own delivered order; operators see the queue and
 * approve or refuse (admins only, checked before the body is read; each decision recorded with the operator as its
 * actor). The replacement's steps go through the fulfilment routes with its shipment number.
 */
export function exchangeRoutes(context: OrdersContext) {
  const one = async (exchangeId: string) => (await exchangeViews(context.db, await exchangeRows(context.db, exchangeId)))[0];

  const app = new Hono<AppEnv>();
  mount(app, ordersOperations.requestExchange, async (c) => {
    const member = requireMember(c);
    const { exchangeId } = unlessRefused(await requestExchange(context, member.id, c.req.valid('param').id, c.req.valid('json')));
    return c.json(
      { is_success: true, message: 'Exchange requested. We will email you once it is reviewed.', data: await one(exchangeId) },
      201,
    );
  });
  mount(app, ordersOperations.exchangeQueue, async (c) => {
    const { state, page, limit } = c.req.valid('query');
    const [rows, total] = await exchangeQueuePage(context.db, state, QUEUE_OPEN_EXCHANGE_STATES, page, limit);
    const orders = rows.length
      ? await exchangeQueueOrders(
          context.db,
          rows.map((row) => row.order_id),
        )
      : [];
    const byOrder = new Map(orders.map((order) => [order.order_id, order]));
    const [views, accounts] = await Promise.all([
      exchangeViews(context.db, rows),
      buyerContacts(
        context.db,
        rows.map((row) => row.member_id),
      ),
    ]);
    const totalCount = Number(total.n);
    return c.json({
      is_success: true,
      data: {
        exchanges: views.map((view) => {
          const order = byOrder.get(view.order_id);
          const account = order && accounts.get(order.member_id);
          return {
            ...view,
            order: order && {
              customer_name: account?.name || `${order.customer.firstName} ${order.customer.lastName}`.trim(),
              customer_email: account?.email || order.customer.email,
              product: order.product,
              quantity: order.quantity,
              unit_price: rupeesOf(order.unit_price_paise),
              amount: rupeesOf(order.amount_paise),
            },
          };
        }),
        pagination: { page, totalPages: Math.max(1, Math.ceil(totalCount / limit)), totalCount },
      },
    });
  });
  mount(app, ordersOperations.approveExchange, async (c) => {
    const exchangeId = c.req.valid('param').id;
    const { outcome } = unlessRefused(await approveExchange(context, actorOf(requireAdmin(c)), exchangeId));
    return c.json({ is_success: true, message: OUTCOME_MESSAGES[outcome](exchangeId), data: await one(exchangeId) });
  });
  mount(app, ordersOperations.refuseExchange, async (c) => {
    const exchangeId = c.req.valid('param').id;
    const { outcome } = unlessRefused(await refuseExchange(context, actorOf(requireAdmin(c)), exchangeId, c.req.valid('json').reason));
    return c.json({ is_success: true, message: OUTCOME_MESSAGES[outcome](exchangeId), data: await one(exchangeId) });
  });
  return app;
}
