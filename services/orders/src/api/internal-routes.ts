import { type AppEnv, notFound, pathParams } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import type { OrdersContext } from '../commands/context.js';

/**
 * What other services ask of orders (`/internal/*`: the platform admits only callers with the service token).
 * Identity reads a completed order here to write its confirmation email: the OrderCompleted event names the order,
 * and the order's product and delivery address live with orders.
 */
export function ordersInternalRoutes(context: OrdersContext) {
  return new Hono<AppEnv>().get('/internal/orders/:id', pathParams(z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const row = await context.db.selectFrom('orders').selectAll().where('order_id', '=', c.req.valid('param').id).executeTakeFirst();
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
}
