import { ordersOperations } from '@elts/contracts';
import { type AppEnv, mount, notFound } from '@elts/platform';
import { Hono } from 'hono';
import type { OrdersContext } from '../commands/context.js';
import { findOrder } from '../store/order-reads.js';

/**
 * What other services ask of orders (`/internal/*`: the platform admits only callers with the service token).
 * Identity reads a completed order here to write its confirmation email: the OrderCompleted event names the order,
 * and the order's product and delivery address live with orders.
 */
export function ordersInternalRoutes(context: OrdersContext) {
  const app = new Hono<AppEnv>();
  mount(app, ordersOperations.orderForServices, async (c) => {
    const row = await findOrder(context.db, c.req.valid('param').id);
    if (!row) throw notFound('Order not found');
    return c.json({
      is_success: true,
      data: {
        orderId: row.order_id,
        memberId: row.member_id,
        status: row.status,
        product: { name: row.product.name, brand: row.product.brand },
        quantity: row.quantity,
        amountPaise: Number(row.amount_paise),
        creditPaise: Number(row.credit_paise),
        shippingAddress: row.shipping_address,
      },
    });
  });
  return app;
}
