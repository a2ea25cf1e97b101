import { addDays, calendarDateSchema, daysBetween, indianDayOf, indianMidnight } from '@elts/contracts';
import { type AppEnv, badRequest, jsonBody, notFound, ok, pathParams, queryParams } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import { clock } from '../clock.js';
import type { CatalogContext } from '../commands/context.js';
import { cancelDrop, createDrop, findDrop, listDrops, moveDrop } from '../commands/drops.js';
import { type Drop, dropStatus } from '../domain/drops.js';
import { actorOf, adminGuard, adminOnly } from './access.js';

// The shared calendar-day schema bounds the year too: a range ending on 9999-12-31 would step past year 9999,
// where the calendar arithmetic's YYYY-MM-DD strings break.
const day = calendarDateSchema;
const instant = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });

const dropBody = z.object({
  opensOn: day('The opening day').optional(),
  opensAt: instant.optional(),
  closesAt: instant.optional(),
  label: z.string().trim().max(80).optional(),
});

const rangeQuery = z.object({ from: day('The first day').optional(), to: day('The last day').optional() });
const idParam = z.object({ id: z.string().min(1).max(64) });
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
    return dropView(drop, clock.now());
  };
  return new Hono<AppEnv>()
    .use('/admin/drops', adminGuard)
    .use('/admin/drops/*', adminGuard)
    .get('/admin/drops', queryParams(rangeQuery), async (c) => {
      const today = indianDayOf(clock.now());
      const { from = addDays(today, -14), to = addDays(today, 90) } = c.req.valid('query');
      if (daysBetween(from, to) > MAX_RANGE_DAYS) throw badRequest(`Ask for at most ${MAX_RANGE_DAYS} days of drops at a time`);
      const { drops, current } = await listDrops(context, indianMidnight(from), indianMidnight(addDays(to, 1)));
      const now = clock.now();
      return ok(c, {
        anchor: context.settings.DROP_ANCHOR_DATE,
        everyDays: 14,
        current: current ? dropView(current, now) : null,
        drops: drops.map((drop) => dropView(drop, now)),
      });
    })
    .post('/admin/drops', jsonBody(dropBody), async (c) => {
      const id = await createDrop(context, c.req.valid('json'), actorOf(adminOnly(c)));
      return ok(c, await answer(id), { message: 'Deal drop scheduled' }, 201);
    })
    .put('/admin/drops/:id', pathParams(idParam), jsonBody(dropBody), async (c) => {
      const { id } = c.req.valid('param');
      await moveDrop(context, id, c.req.valid('json'), actorOf(adminOnly(c)));
      return ok(c, await answer(id), { message: 'Deal drop moved' });
    })
    .delete('/admin/drops/:id', pathParams(idParam), async (c) => {
      const { id } = c.req.valid('param');
      await cancelDrop(context, id, actorOf(adminOnly(c)));
      return ok(c, await answer(id), { message: 'Deal drop cancelled' });
    });
}
