import { waitingRoomOperations } from '@elts/contracts';
import { type AppEnv, forbidden, mount, notFound, ok, requireAdmin, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import type { OrdersContext } from '../commands/context.js';
import { membershipActive } from '../store/member-buyers.js';
import { roomSizes } from '../store/waiting-rooms.js';

/** How long after its opening a drawn room stays in the operators' live view: a calendar drop's 48 hours. */
const ROOM_SHOWN_AFTER_OPENING_MS = 48 * 3_600_000;

/**
 * The waiting room's calls: the member's own view and joining it, the draw anyone may check once published, and the
 * rooms' sizes for operators.
 */
export function waitingRoomRoutes(context: OrdersContext) {
  const room = context.waitingRoom;
  const app = new Hono<AppEnv>();
  mount(app, waitingRoomOperations.waitingRoom, async (c) => {
    const { seen, wait } = c.req.valid('query');
    return ok(c, await room.watch(requireMember(c).id, seen, (wait ?? 0) * 1000, c.req.raw.signal));
  });
  mount(app, waitingRoomOperations.joinWaitingRoom, async (c) => {
    const member = requireMember(c);
    // The room is for those who may buy when their turn comes: Buy Now's rule.
    if (!(await membershipActive(context.db, member.id)))
      throw forbidden('Only active subscribers can join the waiting room. Subscribe to unlock the deals board.');
    return ok(c, await room.join(member.id));
  });
  mount(app, waitingRoomOperations.dropDraw, async (c) => {
    const draw = await room.published(c.req.valid('param').id);
    if (!draw) throw notFound('This drop has no published draw: it is published when the drop opens, if anyone waited for it.');
    return ok(c, draw);
  });
  mount(app, waitingRoomOperations.waitingRoomSizes, async (c) => {
    requireAdmin(c);
    const rooms = await roomSizes(context.db, new Date(context.clock.now().getTime() - ROOM_SHOWN_AFTER_OPENING_MS));
    return ok(c, {
      rooms: rooms.map((room) => ({
        drop_id: room.dropId,
        opens_at: room.opensAt.toISOString(),
        drawn: room.drawn,
        entrants: room.entrants,
      })),
    });
  });
  return app;
}
