import { COPY, ordersOperations } from '@elts/contracts';
import { type AppEnv, mount, requireAdmin, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import type { OrdersContext } from '../commands/context.js';
import { leaveWaitlist, placesOf, type WaitingPlace, waitingCounts } from '../store/waitlist.js';
import { joinProductWaitlist } from '../waitlist/join.js';

/**
 * A member's waitlist places (issue 33 item 3): join a sold-out product's, leave it, see where they stand; and how
 * long each list is, for operators.
 */
export function waitlistRoutes(context: OrdersContext) {
  const app = new Hono<AppEnv>();
  mount(app, ordersOperations.joinWaitlist, async (c) => {
    const member = requireMember(c);
    const payload = c.req.valid('json');
    const place = (await joinProductWaitlist(context, member.id, payload)) ?? {
      productId: payload.product_id,
      position: 0,
      joinedAt: context.clock.now(),
    };
    return c.json({ is_success: true as const, message: COPY.waitlist.joined(Math.max(1, place.position)), data: placeView(place) });
  });
  mount(app, ordersOperations.leaveWaitlist, async (c) => {
    const member = requireMember(c);
    const { productId } = c.req.valid('param');
    const left = await leaveWaitlist(context.db, productId, member.id, context.clock.now());
    return c.json({ is_success: true as const, message: COPY.waitlist.left, data: { product_id: productId, left } });
  });
  mount(app, ordersOperations.myWaitlists, async (c) => {
    const member = requireMember(c);
    const places = await placesOf(context.db, member.id);
    return c.json({
      is_success: true as const,
      data: {
        places: places.map(placeView),
      },
    });
  });
  mount(app, ordersOperations.waitlistLengths, async (c) => {
    requireAdmin(c);
    const counts = await waitingCounts(context.db);
    return c.json({
      is_success: true as const,
      data: { waitlists: counts.map((count) => ({ product_id: count.productId, waiting: count.waiting })) },
    });
  });
  return app;
}

const placeView = (place: WaitingPlace) => ({
  product_id: place.productId,
  position: place.position,
  joined_at: place.joinedAt.toISOString(),
});
