import { addDays, catalogOperations, DROP_EVERY_DAYS, daysBetween, indianDayOf, indianMidnight, offCalendarWarning } from '@elts/contracts';
import { type AppEnv, badRequest, mount, notFound, ok, unlessRefused } from '@elts/platform';
import { Hono } from 'hono';
import type { CatalogContext } from '../commands/context.js';
import { cancelDrop, createDrop, findDrop, listDrops, moveDrop } from '../commands/drops.js';
import { liveSale } from '../commands/live-sale.js';
import { type Drop, dropStatus } from '../domain/drops.js';
import { actorOf, adminOnly } from './access.js';

const MAX_RANGE_DAYS = 400;

/** A drop as admins see it, with the warning when its window is off the calendar members are promised. */
function dropView(drop: Drop, now: Date, anchor: string) {
  return {
    id: drop.id,
    label: drop.label,
    opensAt: drop.opensAt.toISOString(),
    closesAt: drop.closesAt.toISOString(),
    source: drop.source,
    moved: drop.moved,
    status: dropStatus(drop, now),
    calendarWarning: drop.cancelled ? null : (offCalendarWarning(anchor, drop) ?? null),
  };
}

/** The answer's message: what was done, then the calendar warning if there is one. */
const said = (done: string, view: { calendarWarning: string | null }) => (view.calendarWarning ? `${done}. ${view.calendarWarning}` : done);

/** Deal drops for admins: the calendar with their changes, and drops of their own. */
export function dropRoutes(context: CatalogContext) {
  const anchor = context.settings.DROP_ANCHOR_DATE;
  const answer = async (id: string) => {
    const drop = await findDrop(context, id);
    if (!drop) throw notFound('Deal drop not found');
    return dropView(drop, context.clock.now(), anchor);
  };
  const app = new Hono<AppEnv>();
  mount(app, catalogOperations.liveSale, async (c) => ok(c, { at: context.clock.now().toISOString(), products: await liveSale(context) }));
  mount(app, catalogOperations.listDrops, async (c) => {
    const today = indianDayOf(context.clock.now());
    const { from = addDays(today, -14), to = addDays(today, 90) } = c.req.valid('query');
    if (daysBetween(from, to) > MAX_RANGE_DAYS) throw badRequest(`Ask for at most ${MAX_RANGE_DAYS} days of drops at a time`);
    const { drops, current } = await listDrops(context, indianMidnight(from), indianMidnight(addDays(to, 1)));
    const now = context.clock.now();
    return ok(c, {
      anchor,
      everyDays: DROP_EVERY_DAYS,
      current: current ? dropView(current, now, anchor) : null,
      drops: drops.map((drop) => dropView(drop, now, anchor)),
    });
  });
  mount(app, catalogOperations.createDrop, async (c) => {
    const { dropId } = unlessRefused(await createDrop(context, c.req.valid('json'), actorOf(adminOnly(c))));
    const view = await answer(dropId);
    return ok(c, view, { message: said('Deal drop scheduled', view) }, 201);
  });
  mount(app, catalogOperations.moveDrop, async (c) => {
    const { id } = c.req.valid('param');
    unlessRefused(await moveDrop(context, id, c.req.valid('json'), actorOf(adminOnly(c))));
    const view = await answer(id);
    return ok(c, view, { message: said('Deal drop moved', view) });
  });
  mount(app, catalogOperations.cancelDrop, async (c) => {
    const { id } = c.req.valid('param');
    unlessRefused(await cancelDrop(context, id, actorOf(adminOnly(c))));
    return ok(c, await answer(id), { message: 'Deal drop cancelled' });
  });
  return app;
}
