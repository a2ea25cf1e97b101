import type { DropRequest } from '@elts/contracts';
import { handle, type Refusal } from '@elts/platform';
import { type Drop, DropCalendar, type DropCommand, dropDecider, dropStream } from '../domain/drops.js';
import { newDropId } from '../domain/ids.js';
import { loadStoredDrops, projectDropEvent } from '../store/drop-projection.js';
import type { CatalogContext } from './context.js';

async function calendar(context: CatalogContext): Promise<DropCalendar> {
  return new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(context.db));
}

export async function findDrop(context: CatalogContext, dropId: string): Promise<Drop | undefined> {
  return (await calendar(context)).byId(dropId);
}

export async function listDrops(context: CatalogContext, from: Date, to: Date) {
  const drops = await calendar(context);
  const now = context.clock.now();
  return { drops: drops.between(from, to), current: drops.currentOrNext(now) };
}

/** Decides on the drop's stream; its messages follow it in the same transaction (planned, moved or dropped). */
async function onDrop(context: CatalogContext, dropId: string, command: DropCommand, actor: string): Promise<{ refusal?: Refusal }> {
  const changed = await handle(context.events, dropDecider(context.settings.DROP_ANCHOR_DATE, dropId), dropStream(dropId), command, {
    metadata: { actor },
    project: projectDropEvent,
    alongside: async (unit, { events, state }) => {
      if (events.length > 0 && state) await context.alerts.follow(unit.db, state);
    },
  });
  if (!changed.refusal) context.board.catalogChanged();
  return changed;
}

export async function createDrop(
  context: CatalogContext,
  request: DropRequest,
  actor: string,
): Promise<{ dropId: string } | { refusal: Refusal }> {
  const dropId = newDropId();
  const { refusal } = await onDrop(context, dropId, { kind: 'schedule', request, now: context.clock.now() }, actor);
  return refusal ? { refusal } : { dropId };
}

/** Moves a drop (of the calendar or an admin's) to another window; its products move with it. */
export function moveDrop(context: CatalogContext, dropId: string, request: DropRequest, actor: string) {
  return onDrop(context, dropId, { kind: 'move', request, now: context.clock.now() }, actor);
}

/** Cancels a drop. Its products then follow the calendar's next drop until an admin gives them another. */
export function cancelDrop(context: CatalogContext, dropId: string, actor: string) {
  return onDrop(context, dropId, { kind: 'cancel' }, actor);
}
