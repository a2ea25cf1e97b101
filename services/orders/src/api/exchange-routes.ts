import { EXCHANGE_STATES, exchangeRefusalSchema, exchangeRequestSchema, QUEUE_OPEN_EXCHANGE_STATES, rupeesOf } from '@elts/contracts';
import {
  type AdminPrincipal,
  type AppEnv,
  adminsOnly,
  jsonBody,
  pathParams,
  queryParams,
  requireAdmin,
  requireMember,
} from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import type { OrdersContext } from '../commands/context.js';
import { approveExchange, type ExchangeOutcome, refuseExchange, requestExchange } from '../commands/exchanges.js';
import { exchangeViews } from '../store/exchange-views.js';

const byId = z.object({ id: z.string().min(1).max(80) });
const queueQuery = z.object({
  /**
   * `open` (the default): waiting for a decision or for the replacement to be delivered, or a refund that failed
   * (an operator must act); `all`: every one.
   */
  state: z
    .enum(['open', 'all', ...EXCHANGE_STATES], { error: `State must be open, all or one of: ${EXCHANGE_STATES.join(', ')}` })
    .default('open'),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const actorOf = (admin: AdminPrincipal) => `admin:${admin.id}`;

const OUTCOME_MESSAGES: Record<ExchangeOutcome, (id: string) => string> = {
  approved: (id) => `Exchange ${id} approved: its replacement waits to be processed.`,
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
  const one = async (exchangeId: string) =>
    (
      await exchangeViews(
        context.db,
        await context.db.selectFrom('order_exchanges').selectAll().where('exchange_id', '=', exchangeId).execute(),
      )
    )[0];

  return new Hono<AppEnv>()
    .post('/product/order/:id/exchange', pathParams(byId), jsonBody(exchangeRequestSchema), async (c) => {
      const member = requireMember(c);
      const exchangeId = await requestExchange(context, member.id, c.req.valid('param').id, c.req.valid('json'));
      return c.json(
        { is_success: true, message: 'Exchange requested. We will email you once it is reviewed.', data: await one(exchangeId) },
        201,
      );
    })
    .use('/admin/exchanges', adminsOnly)
    .use('/admin/exchanges/*', adminsOnly)
    .get('/admin/exchanges', queryParams(queueQuery), async (c) => {
      const { state, page, limit } = c.req.valid('query');
      let query = context.db.selectFrom('order_exchanges');
      if (state === 'open') query = query.where('state', 'in', [...QUEUE_OPEN_EXCHANGE_STATES]);
      else if (state !== 'all') query = query.where('state', '=', state);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('requested_at')
          .orderBy('exchange_id')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const orders = rows.length
        ? await context.db
            .selectFrom('orders')
            .select(['order_id', 'customer', 'product', 'quantity', 'amount_paise'])
            .where(
              'order_id',
              'in',
              rows.map((row) => row.order_id),
            )
            .execute()
        : [];
      const byOrder = new Map(orders.map((order) => [order.order_id, order]));
      const views = await exchangeViews(context.db, rows);
      const totalCount = Number(total.n);
      return c.json({
        is_success: true,
        data: {
          exchanges: views.map((view) => {
            const order = byOrder.get(view.order_id);
            return {
              ...view,
              order: order && {
                customer_name: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
                customer_email: order.customer.email,
                product: order.product,
                quantity: order.quantity,
                amount: rupeesOf(order.amount_paise),
              },
            };
          }),
          pagination: { page, totalPages: Math.max(1, Math.ceil(totalCount / limit)), totalCount },
        },
      });
    })
    .post('/admin/exchanges/:id/approve', pathParams(byId), async (c) => {
      const exchangeId = c.req.valid('param').id;
      const outcome = await approveExchange(context, actorOf(requireAdmin(c)), exchangeId);
      return c.json({ is_success: true, message: OUTCOME_MESSAGES[outcome](exchangeId), data: await one(exchangeId) });
    })
    .post('/admin/exchanges/:id/refuse', pathParams(byId), jsonBody(exchangeRefusalSchema), async (c) => {
      const exchangeId = c.req.valid('param').id;
      const outcome = await refuseExchange(context, actorOf(requireAdmin(c)), exchangeId, c.req.valid('json').reason);
      return c.json({ is_success: true, message: OUTCOME_MESSAGES[outcome](exchangeId), data: await one(exchangeId) });
    });
}
