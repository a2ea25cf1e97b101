import { COPY, ordersOperations, rupeesOf } from '@elts/contracts';
import { type AppEnv, badRequest, mount, notFound, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import { cancelOrder, openCheckout } from '../commands/checkout.js';
import type { OrdersContext } from '../commands/context.js';
import { placeOrder } from '../commands/place-order.js';
import { settleOrder } from '../commands/settle-order.js';
import { orderExchanges } from '../store/exchange-views.js';
import { orderShipment, orderShipments } from '../store/fulfilment-view.js';
import { membershipActive } from '../store/member-buyers.js';
import { findOwnOrder, memberOrderPage } from '../store/order-reads.js';
import { orderCard, orderStatusView } from '../store/order-views.js';
import { orderRefund, orderRefundLines, orderRefunds, refundLineView, refundView } from '../store/refund-view.js';

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** The member's order calls, in the spec's paths and shapes. Members only ever see their own orders. */
export function orderRoutes(context: OrdersContext) {
  const ownOrder = async (memberId: string, orderId: string) => {
    const row = await findOwnOrder(context.db, memberId, orderId);
    if (!row) throw notFound('Order not found');
    return row;
  };

  const app = new Hono<AppEnv>();
  mount(app, ordersOperations.placeOrder, async (c) => {
    const member = requireMember(c);
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw badRequest('Idempotency-Key must be 8 to 100 letters, digits, - or _');
    const reserved = await placeOrder(context, member.id, c.req.valid('json'), key);
    // The payment opens with orderCheckout, which the shop asks for at once (issue 33): the answer waits for neither.
    const secondsLeft = Math.max(0, Math.round((reserved.reservedUntil.getTime() - context.clock.now().getTime()) / 1000));
    return c.json({
      is_success: true,
      message: 'Order created',
      data: {
        order_id: reserved.orderId,
        status: 'reserved' as const,
        reserved_until: reserved.reservedUntil.toISOString(),
        seconds_left: secondsLeft,
        payment_session_id: null,
        payment_link: null,
        amount: rupeesOf(reserved.pricePaise),
      },
      order_id: reserved.orderId,
      payment_session_id: null,
      payment_link: null,
    });
  });
  mount(app, ordersOperations.orderCheckout, async (c) => {
    const member = requireMember(c);
    const opened = await openCheckout(context, member.id, c.req.valid('param').id);
    return c.json({
      is_success: true,
      data: {
        order_id: opened.orderId,
        payment_session_id: opened.paymentSessionId,
        payment_link: opened.paymentLink,
        gateway: opened.gateway,
        cashfree_mode: opened.cashfreeMode,
        amount: rupeesOf(opened.amountPaise),
        credit_applied: rupeesOf(opened.creditPaise),
      },
      order_id: opened.orderId,
      payment_session_id: opened.paymentSessionId,
      payment_link: opened.paymentLink,
    });
  });
  mount(app, ordersOperations.cancelOrder, async (c) => {
    const member = requireMember(c);
    const orderId = c.req.valid('param').id;
    const status = await cancelOrder(context, member.id, orderId);
    return c.json({ is_success: true, message: COPY.orderPage.cancelledByMember, data: { order_id: orderId, status } });
  });
  mount(app, ordersOperations.orderHistory, async (c) => {
    const member = requireMember(c);
    const { page, limit, status } = c.req.valid('query');
    // The spec's filters are All, Completed, Pending and Failed: Failed also lists cancelled orders, which did not
    // go through either and would otherwise show under All only (each card still says which it was).
    const [rows, total] = await memberOrderPage(context.db, member.id, status, page, limit);
    const shipments = await orderShipments(
      context.db,
      rows.map((row) => row.order_id),
    );
    const ids = rows.map((row) => row.order_id);
    const [refunds, lines, active] = await Promise.all([
      orderRefunds(context.db, ids),
      orderRefundLines(context.db, ids),
      membershipActive(context.db, member.id),
    ]);
    const now = context.clock.now();
    const totalItems = Number(total.n);
    const totalPages = Math.max(1, Math.ceil(totalItems / limit));
    return c.json({
      is_success: true,
      data: {
        // A cancelled order has no way to the member any more: its refund instead of its fulfilment.
        orders: rows.map((row) => {
          const refund = refunds.get(row.order_id);
          return {
            ...orderCard(row, now, refund ? undefined : shipments.get(row.order_id)),
            refund: refundView(refund, active, now),
            refunds: (lines.get(row.order_id) ?? []).map(refundLineView),
          };
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
  });
  mount(app, ordersOperations.orderStatus, async (c) => {
    const member = requireMember(c);
    const row = await ownOrder(member.id, c.req.valid('param').id);
    // The payment says how it went and when (and, while open, when it closes); the page still shows the order
    // from what orders recorded when payments cannot be asked.
    const payment = await context.partners.payment(row.order_id, false).catch((error: unknown) => {
      context.logger.warn({ err: error, orderId: row.order_id }, 'the payment of an order could not be read');
      return undefined;
    });
    // Its exchanges, and whether one may be asked for now (docs/decisions/0025).
    const exchanges = await orderExchanges(context.db, row, context.clock.now(), context.settings.EXCHANGE_WINDOW_DAYS);
    const [refund, lines, active] = await Promise.all([
      orderRefund(context.db, row.order_id),
      orderRefundLines(context.db, [row.order_id]),
      membershipActive(context.db, member.id),
    ]);
    return c.json({
      is_success: true,
      data: {
        ...orderStatusView(row, payment, refund ? undefined : await orderShipment(context.db, row.order_id), context.clock.now()),
        ...exchanges,
        // Cancelled as out of stock: how the money comes back instead (docs/decisions/0024).
        refund: refundView(refund, active, context.clock.now()),
        // Every refund of the order, whatever caused it, and where each stands.
        refunds: (lines.get(row.order_id) ?? []).map(refundLineView),
      },
    });
  });
  mount(app, ordersOperations.orderGatewayStatus, async (c) => {
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
      data: orderStatusView(row, payment, await orderShipment(context.db, orderId), context.clock.now()),
    });
  });
  return app;
}
