import { ordersOperations } from '@elts/contracts';
import { type AppEnv, mount, notFound, requireAdmin, requireMember, unlessRefused } from '@elts/platform';
import { Hono } from 'hono';
import type { OrdersContext } from '../commands/context.js';
import { chooseRefundRetry } from '../commands/refund-retries.js';
import { findOwnOrder } from '../store/order-reads.js';
import { orderRefundLines, refundLineView } from '../store/refund-view.js';

/**
 * A refund the gateway failed, made good (issue 32): an operator sends it again (admins only), or the member takes it
 * as credits on their own order's page (another member's order is not found). Either answers the order's refunds.
 */
export function refundRoutes(context: OrdersContext) {
  const refundsOf = async (orderId: string) => ({
    order_id: orderId,
    refunds: ((await orderRefundLines(context.db, [orderId])).get(orderId) ?? []).map(refundLineView),
  });

  const app = new Hono<AppEnv>();
  mount(app, ordersOperations.retryFailedRefund, async (c) => {
    const admin = requireAdmin(c);
    const { id, refundId } = c.req.valid('param');
    unlessRefused(await chooseRefundRetry(context, id, `admin:${admin.id}`, refundId, 'fund_transfer'));
    return c.json({
      is_success: true,
      message: 'The refund is being sent again to the original payment method.',
      data: await refundsOf(id),
    });
  });
  mount(app, ordersOperations.refundAsCredits, async (c) => {
    const member = requireMember(c);
    const { id, refundId } = c.req.valid('param');
    if (!(await findOwnOrder(context.db, member.id, id))) throw notFound('Order not found');
    unlessRefused(await chooseRefundRetry(context, id, `member:${member.id}`, refundId, 'credits'));
    return c.json({ is_success: true, message: 'The refund has been added to your membership credit.', data: await refundsOf(id) });
  });
  return app;
}
