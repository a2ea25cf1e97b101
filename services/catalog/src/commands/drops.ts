import { type DropRequest, fridayDropWindow, isFriday } from '@elts/contracts';
import { badRequest, conflict, notFound, retryOnConcurrency } from '@elts/platform';
import { type Drop, DropCalendar, dropLabel } from '../domain/drops.js';
import { newDropId } from '../domain/ids.js';
import { loadStoredDrops, projectDropEvent } from '../store/drop-projection.js';
import { type CatalogContext, record } from './context.js';

const MAX_DROP_DAYS = 31;
const dropStream = (dropId: string) => `drop-${dropId}`;

/**
 * Turns a request into a window, refusing what cannot be a sale. A window off the calendar is not refused (a festival
 * sale, an extra weekend): the answer warns of it (offCalendarWarning, docs/decisions/0087).
 */
export function windowOf(request: DropRequest, now: Date): { opensAt: Date; closesAt: Date } {
  let window: { opensAt: Date; closesAt: Date };
  if (request.opensOn) {
    if (!isFriday(request.opensOn)) throw badRequest('A deal drop opens on a Friday (opensOn must be a Friday as YYYY-MM-DD)');
    window = fridayDropWindow(request.opensOn);
  } else if (request.opensAt && request.closesAt) {
    window = { opensAt: new Date(request.opensAt), closesAt: new Date(request.closesAt) };
  } else {
    throw badRequest('Give either opensOn (a Friday) or both opensAt and closesAt');
  }
  if (window.closesAt <= window.opensAt) throw badRequest('A deal drop must close after it opens');
  if (window.closesAt.getTime() - window.opensAt.getTime() > MAX_DROP_DAYS * 24 * 60 * 60_000) {
    throw badRequest(`A deal drop may last at most ${MAX_DROP_DAYS} days`);
  }
  if (window.closesAt <= now) throw badRequest('A deal drop must close in the future');
  return window;
}

async function calendar(context: CatalogContext, db = context.db): Promise<DropCalendar> {
  return new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(db));
}

export async function findDrop(context: CatalogContext, dropId: string): Promise<Drop | undefined> {
  return (await calendar(context)).byId(dropId);
}

export async function listDrops(context: CatalogContext, from: Date, to: Date) {
  const drops = await calendar(context);
  const now = context.clock.now();
  return { drops: drops.between(from, to), current: drops.currentOrNext(now) };
}

export async function createDrop(context: CatalogContext, request: DropRequest, actor: string): Promise<string> {
  const { opensAt, closesAt } = windowOf(request, context.clock.now());
  const dropId = newDropId();
  const label = request.label?.trim() || dropLabel(opensAt);
  await context.events.transact(async (unit) => {
    await record(
      unit,
      dropStream(dropId),
      0,
      [
        {
          type: 'DropScheduled',
          data: {
            dropId,
            opensAt: opensAt.toISOString(),
            closesAt: closesAt.toISOString(),
            label,
          },
        },
      ],
      actor,
      projectDropEvent,
    );
    await context.alerts.follow(unit.db, { id: dropId, opensAt, closesAt, label, source: 'admin', cancelled: false, moved: false });
  });
  context.board.catalogChanged();
  return dropId;
}

/** Moves a drop (of the calendar or an admin's) to another window; its products move with it. */
export async function moveDrop(context: CatalogContext, dropId: string, request: DropRequest, actor: string): Promise<void> {
  await changeDrop(context, dropId, actor, (drop) => {
    if (drop.cancelled) throw conflict('This deal drop was cancelled');
    const { opensAt, closesAt } = windowOf(request, context.clock.now());
    return {
      type: 'DropMoved',
      data: { dropId, opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString(), label: request.label?.trim() || drop.label },
    };
  });
}

/** Cancels a drop. Its products then follow the calendar's next drop until an admin gives them another. */
export async function cancelDrop(context: CatalogContext, dropId: string, actor: string): Promise<void> {
  await changeDrop(context, dropId, actor, (drop) =>
    drop.cancelled
      ? undefined
      : {
          type: 'DropCancelled',
          data: { dropId, opensAt: drop.opensAt.toISOString(), closesAt: drop.closesAt.toISOString(), label: drop.label },
        },
  );
}

async function changeDrop(
  context: CatalogContext,
  dropId: string,
  actor: string,
  decide: (drop: Drop) => { type: string; data: unknown } | undefined,
): Promise<void> {
  await retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const drop = (await calendar(context, unit.db)).byId(dropId);
      if (!drop) throw notFound('Deal drop not found');
      const event = decide(drop);
      const version = (await unit.readStream(dropStream(dropId))).length;
      if (!event) return;
      await record(unit, dropStream(dropId), version, [event], actor, projectDropEvent);
      const changed = (await calendar(context, unit.db)).byId(dropId);
      if (changed) await context.alerts.follow(unit.db, changed);
    }),
  );
  context.board.catalogChanged();
}
