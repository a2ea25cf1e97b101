import { countOf, type FulfilmentStepRequest, ordersOperations } from '@elts/contracts';
import { type AdminPrincipal, type AppEnv, mount, refusalError, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import type { OrdersContext } from '../commands/context.js';
import { fulfilOrder } from '../commands/fulfil-order.js';
import { fulfilmentView, orderShipment } from '../store/fulfilment-view.js';

const actorOf = (admin: AdminPrincipal) => `admin:${admin.id}`;
const marked = (step: FulfilmentStepRequest['step']) => `marked ${step}`;

/**
 * The operators' fulfilment steps (the admin Orders page): one order, or several at once, each moved one step.
 * Admins only, checked before the body is read; each step is recorded with the operator as its actor.
 */
export function fulfilmentRoutes(context: OrdersContext) {
  const app = new Hono<AppEnv>();
  mount(app, ordersOperations.fulfilOrder, async (c) => {
    const admin = requireAdmin(c);
    const request = c.req.valid('json');
    const { orderId, refusal } = await fulfilOrder(context, actorOf(admin), c.req.valid('param').id, request);
    if (refusal) throw refusalError(refusal);
    return c.json({
      is_success: true,
      message: `Order ${orderId} ${marked(request.step)}.`,
      data: { order_id: orderId, fulfilment: fulfilmentView(await orderShipment(context.db, orderId, request.shipment)) },
    });
  });
  mount(app, ordersOperations.fulfilOrders, async (c) => {
    const actor = actorOf(requireAdmin(c));
    const { orders } = c.req.valid('json');
    // One after another: each is its own transaction on its own stream, and a refusal stops none of the others.
    const outcomes = [];
    for (const { order_id, ...request } of orders) outcomes.push(await fulfilOrder(context, actor, order_id, request));
    const updated = outcomes.filter((outcome) => !outcome.refusal).map((outcome) => outcome.orderId);
    const refused = outcomes.flatMap(({ orderId, refusal }) => (refusal ? [{ order_id: orderId, message: refusal.message }] : []));
    return c.json({ is_success: true, message: bulkMessage(orders, updated.length, refused), data: { updated, refused } });
  });
  return app;
}

/** "3 orders marked shipped." or, when some were refused, which and why. */
function bulkMessage(orders: { step: FulfilmentStepRequest['step'] }[], updated: number, refused: { order_id: string; message: string }[]) {
  const steps = new Set(orders.map((order) => order.step));
  const done = `${countOf(updated, 'order')} ${steps.size === 1 ? marked([...steps][0]!) : 'updated'}.`;
  if (refused.length === 0) return done;
  const reasons = refused.map((refusal) => `${refusal.order_id}: ${refusal.message}`).join(' ');
  return `${done} ${countOf(refused.length, 'order was', 'orders were')} not: ${reasons}`;
}
