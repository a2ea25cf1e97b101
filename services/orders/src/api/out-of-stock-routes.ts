import { ordersOperations } from '@elts/contracts';
import { type AppEnv, mount, notFound, requireAdmin, requireMember, unlessRefused } from '@elts/platform';
import { Hono } from 'hono';
import type { OrdersContext } from '../commands/context.js';
import { cancelOutOfStock, chooseRefund } from '../commands/out-of-stock.js';
import { membershipActive } from '../store/member-buyers.js';
import { findOwnOrderSummary } from '../store/order-reads.js';
import { orderRefund, refundView } from '../store/refund-view.js';

/**
 * The out-of-stock cancellation (docs/decisions/0024): an operator cancels a paid order (admins only, checked before
 * anything else; recorded with the operator as actor), and the member, signed in, reads and answers the refund
 * choice of their own order (another member's order is not found).
 */
export function outOfStockRoutes(context: OrdersContext) {
  const ownOrder = async (memberId: string, orderId: string) => {
    const row = await findOwnOrderSummary(context.db, memberId, orderId);
    if (!row) throw notFound('Order not found');
    return row;
  };
  const page = async (row: Awaited<ReturnType<typeof ownOrder>>, memberId: string) => {
    const active = await membershipActive(context.db, memberId);
    const refund = refundView(await orderRefund(context.db, row.order_id), active, context.clock.now());
    if (!refund) throw notFound('This order is not waiting for a refund choice.');
    return { order_id: row.order_id, product: { name: row.product.name, brand: row.product.brand }, status: row.status, refund };
  };

  const app = new Hono<AppEnv>();
  mount(app, ordersOperations.cancelOutOfStock, async (c) => {
    const admin = requireAdmin(c);
    const orderId = c.req.valid('param').id;
    const { refund } = unlessRefused(await cancelOutOfStock(context, orderId, `admin:${admin.id}`));
    return c.json({
      is_success: true,
      message: `Order ${orderId} cancelled as out of stock. The member has been asked how to get the money back.`,
      data: { order_id: orderId, status: 'cancelled', refund },
    });
  });
  mount(app, ordersOperations.orderRefund, async (c) => {
    const member = requireMember(c);
    return c.json({ is_success: true, data: await page(await ownOrder(member.id, c.req.valid('param').id), member.id) });
  });
  mount(app, ordersOperations.chooseRefund, async (c) => {
    const member = requireMember(c);
    const row = await ownOrder(member.id, c.req.valid('param').id);
    const { choice } = c.req.valid('json');
    unlessRefused(await chooseRefund(context, row.order_id, member.id, choice));
    return c.json({
      is_success: true,
      message:
        choice === 'credits'
          ? 'Your refund will be added to your membership credit.'
          : 'Your refund will be sent to your original payment method.',
      data: await page(row, member.id),
    });
  });
  return app;
}
