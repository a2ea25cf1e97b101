import type { DROP_MOMENTS } from '@elts/contracts';

export type DropMoment = (typeof DROP_MOMENTS)[number];

/** How long before a drop opens its preview goes, and before it closes its last call. */
export interface AlertLeads {
  previewHours: number;
  lastCallHours: number;
}

export interface PlannedMoment {
  moment: DropMoment;
  dueAt: Date;
}

const HOUR_MS = 3_600_000;
const CLOCK_SKEW_MS = 60_000;

/**
 * When each of a drop's messages is due (docs/decisions/0088): the preview `previewHours` before it opens, the
 * opening at its start, the last call `lastCallHours` before it closes (not before the opening: a drop shorter than
 * that has no last call). A moment whose time has passed is left out, except that a preview or a last call still
 * worth sending (the drop not yet open, not yet closed) is due at once with `catchUp`: an admin who creates a drop
 * two hours before it opens still has its preview sent. The recurring planner does not catch up, so a moment it
 * finds done is not planned again.
 */
export function dropMoments(
  drop: { opensAt: Date; closesAt: Date },
  now: Date,
  leads: AlertLeads,
  options: { catchUp: boolean },
): PlannedMoment[] {
  const due = (at: Date, until: Date): Date | undefined => {
    if (at > now) return at;
    return options.catchUp && now < until ? now : undefined;
  };
  const preview = due(new Date(drop.opensAt.getTime() - leads.previewHours * HOUR_MS), drop.opensAt);
  const opening = drop.opensAt > now ? drop.opensAt : undefined;
  const lastCallAt = new Date(drop.closesAt.getTime() - leads.lastCallHours * HOUR_MS);
  const lastCall = lastCallAt > drop.opensAt ? due(lastCallAt, drop.closesAt) : undefined;
  const planned: [DropMoment, Date | undefined][] = [
    ['preview', preview],
    ['opening', opening],
    ['last_call', lastCall],
  ];
  return planned.flatMap(([moment, dueAt]) => (dueAt ? [{ moment, dueAt }] : []));
}

/**
 * Whether a moment's job, run at `now`, still has something true to say: a preview only before the opening, an
 * opening and a last call only while the drop is open. A job run late (the service was down) past that says nothing.
 */
export function momentStillTrue(moment: DropMoment, drop: { opensAt: Date; closesAt: Date }, now: Date): boolean {
  if (moment === 'preview') return now < drop.opensAt;
  // Due steps are claimed by the database's clock: a process clock a little behind it is not "before the opening".
  return now.getTime() >= drop.opensAt.getTime() - CLOCK_SKEW_MS && now < drop.closesAt;
}
