import { orderPayloadSchema, rupeesOf } from '@elts/contracts';
import { type AppEnv, badRequest, jsonBody, notFound, pathParams, queryParams, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import type { OrdersContext } from '../commands/context.js';
import { placeOrder } from '../commands/place-order.js';
import { settleOrder } from '../commands/settle-order.js';
import { orderExchanges } from '../store/exchange-views.js';
import { orderShipment, orderShipments } from '../store/fulfilment-view.js';
import { orderCard, orderStatusView } from '../store/order-views.js';
import { orderRefund, orderRefunds, refundView } from '../store/refund-view.js';

const historyQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  status: z.enum(['completed', 'pending', 'failed', 'cancelled', 'all', '']).optional(),
});
const byId = z.object({ id: z.string().min(1).max(64) });
const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** The member's order calls, in the spec's paths and shapes. Members only ever see their own orders. */
export function orderRoutes(context: OrdersContext) {
  const ownOrder = async (memberId: string, orderId: string) => {
    const row = await context.db
      .selectFrom('orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!row) throw notFound('Order not found');
    return row;
  };

  return new Hono<AppEnv>()
    .post('/product/order', jsonBody(orderPayloadSchema), async (c) => {
      const member = requireMember(c, 'Please login to continue with your order');
      const key = c.req.header('idempotency-key');
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw badRequest('Idempotency-Key must be 8 to 100 letters, digits, - or _');
      const placed = await placeOrder(context, member.id, c.req.valid('json'), key);
      return c.json({
        is_success: true,
        message: 'Order created',
        data: {
          order_id: placed.orderId,
          payment_session_id: placed.paymentSessionId,
          payment_link: placed.paymentLink,
          gateway: placed.gateway,
          amount: rupeesOf(placed.amountPaise),
          credit_applied: rupeesOf(placed.creditPaise),
        },
        order_id: placed.orderId,
        payment_session_id: placed.paymentSessionId,
        payment_link: placed.paymentLink,
      });
    })
    .get('/product/orders/user', queryParams(historyQuery), async (c) => {
      const member = requireMember(c);
      const { page, limit, status } = c.req.valid('query');
      let query = context.db.selectFrom('orders').where('member_id', '=', member.id);
      // The spec's filters are All, Completed, Pending and Failed: Failed also lists cancelled orders, which did not
      // go through either and would otherwise show under All only (each card still says which it was).
      if (status === 'failed') query = query.where('status', 'in', ['failed', 'cancelled']);
      else if (status && status !== 'all') query = query.where('status', '=', status);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('order_id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const shipments = await orderShipments(
        context.db,
        rows.map((row) => row.order_id),
      );
      const refunds = await orderRefunds(
        context.db,
        rows.map((row) => row.order_id),
      );
      const totalItems = Number(total.n);
      const totalPages = Math.max(1, Math.ceil(totalItems / limit));
      return c.json({
        is_success: true,
        data: {
          // A cancelled order has no way to the member any more: its refund instead of its fulfilment.
          orders: rows.map((row) => {
            const refund = refunds.get(row.order_id);
            return { ...orderCard(row, refund ? undefined : shipments.get(row.order_id)), refund: refundView(refund) };
          }),
          pagination: {
            current_page: page,
            total_pages: totalPages,
            total_items: totalItems,
            has_prev: page > 1,
            has_next: page < totalPages,
          },
        },
      });
    })
    .get('/product/order/:id', pathParams(byId), async (c) => {
      const member = requireMember(c);
      const row = await ownOrder(member.id, c.req.valid('param').id);
      // The payment says how it went and when (and, while open, when it closes); the page still shows the order
      // from what orders recorded when payments cannot be asked.
      const payment = await context.partners.payment(row.order_id, false).catch((error: unknown) => {
        context.logger.warn({ err: error, orderId: row.order_id }, 'the payment of an order could not be read');
        return undefined;
      });
      // Its exchanges, and whether one may be asked for now (docs/decisions/0025).
      const exchanges = await orderExchanges(context.db, row, new Date(), context.settings.EXCHANGE_WINDOW_DAYS);
      const refund = await orderRefund(context.db, row.order_id);
      return c.json({
        is_success: true,
        data: {
          ...orderStatusView(row, payment, refund ? undefined : await orderShipment(context.db, row.order_id)),
          ...exchanges,
          // Cancelled as out of stock: how the money comes back instead (docs/decisions/0024).
          refund: refundView(refund),
        },
      });
    })
    .get('/product/order/:id/gateway-status', pathParams(byId), async (c) => {
      const member = requireMember(c);
      const orderId = c.req.valid('param').id;
      await ownOrder(member.id, orderId);
      const payment = await context.partners.payment(orderId, true);
      // Apply what the gateway said now, rather than wait for the payment's event to arrive.
      if (payment) await settleOrder(context, orderId, payment);
      const row = await ownOrder(member.id, orderId);
      return c.json({
        is_success: true,
        message: `Status updated: ${row.status.toUpperCase()}`,
        data: orderStatusView(row, payment, await orderShipment(context.db, orderId)),
      });
    });
}
