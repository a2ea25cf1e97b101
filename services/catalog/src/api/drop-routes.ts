import { addDays, catalogOperations, daysBetween, indianDayOf, indianMidnight } from '@elts/contracts';
import { type AppEnv, badRequest, mount, notFound, ok } from '@elts/platform';
import { Hono } from 'hono';
import type { CatalogContext } from '../commands/context.js';
import { cancelDrop, createDrop, findDrop, listDrops, moveDrop } from '../commands/drops.js';
import { type Drop, dropStatus } from '../domain/drops.js';
import { actorOf, adminOnly } from './access.js';

const MAX_RANGE_DAYS = 400;

function dropView(drop: Drop, now: Date) {
  return {
    id: drop.id,
    label: drop.label,
    opensAt: drop.opensAt.toISOString(),
    closesAt: drop.closesAt.toISOString(),
    source: drop.source,
    moved: drop.moved,
    status: dropStatus(drop, now),
  };
}

/** Deal drops for admins: the calendar with their changes, and drops of their own. */
export function dropRoutes(context: CatalogContext) {
  const answer = async (id: string) => {
    const drop = await findDrop(context, id);
    if (!drop) throw notFound('Deal drop not found');
    return dropView(drop, context.clock.now());
  };
  const app = new Hono<AppEnv>();
  mount(app, catalogOperations.listDrops, async (c) => {
    const today = indianDayOf(context.clock.now());
    const { from = addDays(today, -14), to = addDays(today, 90) } = c.req.valid('query');
    if (daysBetween(from, to) > MAX_RANGE_DAYS) throw badRequest(`Ask for at most ${MAX_RANGE_DAYS} days of drops at a time`);
    const { drops, current } = await listDrops(context, indianMidnight(from), indianMidnight(addDays(to, 1)));
    const now = context.clock.now();
    return ok(c, {
      anchor: context.settings.DROP_ANCHOR_DATE,
      everyDays: 14,
      current: current ? dropView(current, now) : null,
      drops: drops.map((drop) => dropView(drop, now)),
    });
  });
  mount(app, catalogOperations.createDrop, async (c) => {
    const id = await createDrop(context, c.req.valid('json'), actorOf(adminOnly(c)));
    return ok(c, await answer(id), { message: 'Deal drop scheduled' }, 201);
  });
  mount(app, catalogOperations.moveDrop, async (c) => {
    const { id } = c.req.valid('param');
    await moveDrop(context, id, c.req.valid('json'), actorOf(adminOnly(c)));
    return ok(c, await answer(id), { message: 'Deal drop moved' });
  });
  mount(app, catalogOperations.cancelDrop, async (c) => {
    const { id } = c.req.valid('param');
    await cancelDrop(context, id, actorOf(adminOnly(c)));
    return ok(c, await answer(id), { message: 'Deal drop cancelled' });
  });
  return app;
}
