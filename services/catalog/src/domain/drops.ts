import {
  type DropCancelled,
  type DropMoved,
  type DropRequest,
  type DropScheduled,
  dropLabel,
  type EventOf,
  fridayDropWindow,
  isFriday,
  type KnownDrop,
  knownDrops,
} from '@elts/contracts';
import { type Decider, type Recorded, type Refusal, refusal } from '@elts/platform';

/**
 * Deal drops: deals go live at Friday midnight and close at Sunday midnight in India, both the midnight that ends the
 * day named (Saturday 00:00 to Monday 00:00, Asia/Kolkata). The default calendar is every other Friday from an
 * anchor Friday: "every 15 days" cannot always land on a Friday, 14 can. Calendar drops are computed, not stored; a
 * stored row exists only once an admin moved or cancelled one, or created a drop of their own (see
 * docs/decisions/0020-deal-drops.md and 0087-friday-midnight-ends-friday.md). The arithmetic and the calendar's rule
 * are shared with the back office (packages/contracts/src/drop-calendar.ts).
 */

export interface Drop {
  id: string;
  opensAt: Date;
  closesAt: Date;
  label: string;
  source: 'calendar' | 'admin';
  cancelled: boolean;
  /** A calendar drop whose dates an admin changed. */
  moved: boolean;
}

/** A drops row: an admin's own drop, or an admin's change to a calendar drop. */
export type StoredDrop = Omit<Drop, 'moved'>;

export type DropStatus = 'scheduled' | 'open' | 'closed' | 'cancelled';

export function dropStatus(drop: Drop, now: Date): DropStatus {
  if (drop.cancelled) return 'cancelled';
  if (now < drop.opensAt) return 'scheduled';
  return now < drop.closesAt ? 'open' : 'closed';
}

/**
 * The calendar with the stored drops over it (the rule: knownDrops, shared with the back office), each drop told with
 * where it came from: the calendar, moved by an admin or not, or an admin's own.
 */
export class DropCalendar {
  private readonly known: ReturnType<typeof knownDrops>;
  private readonly sources: Map<string, StoredDrop['source']>;

  constructor(
    readonly anchor: string,
    stored: StoredDrop[] = [],
  ) {
    this.known = knownDrops(anchor, stored);
    this.sources = new Map(stored.map((drop) => [drop.id, drop.source]));
  }

  private told = (drop: KnownDrop): Drop => {
    const source = this.sources.get(drop.id);
    return { ...drop, source: source ?? 'calendar', moved: source === 'calendar' };
  };

  /** A drop by id: an admin's drop, or a date of the calendar. */
  byId(id: string): Drop | undefined {
    const drop = this.known.byId(id);
    return drop && this.told(drop);
  }

  /** Every drop whose window meets [from, to), cancelled ones included, in opening order. */
  between(from: Date, to: Date): Drop[] {
    return this.known.between(from, to).map(this.told);
  }

  /** The drop open at `now` (the earliest opened, if several), else the next to open. Cancelled drops are skipped. */
  currentOrNext(now: Date): Drop | undefined {
    const drop = this.known.currentOrNext(now);
    return drop && this.told(drop);
  }
}

const MAX_DROP_DAYS = 31;

export const dropStream = (dropId: string) => `drop-${dropId}`;

/**
 * Turns a request into a window, refusing what cannot be a sale. A window off the calendar is not refused (a festival
 * sale, an extra weekend): the answer warns of it (offCalendarWarning, docs/decisions/0087).
 */
export function windowOf(request: DropRequest, now: Date): { opensAt: Date; closesAt: Date } | Refusal {
  const invalid = (message: string) => refusal('invalid', message);
  let window: { opensAt: Date; closesAt: Date };
  if (request.opensOn) {
    if (!isFriday(request.opensOn)) return invalid('A deal drop opens on a Friday (opensOn must be a Friday as YYYY-MM-DD)');
    window = fridayDropWindow(request.opensOn);
  } else if (request.opensAt && request.closesAt) {
    window = { opensAt: new Date(request.opensAt), closesAt: new Date(request.closesAt) };
  } else {
    return invalid('Give either opensOn (a Friday) or both opensAt and closesAt');
  }
  if (window.closesAt <= window.opensAt) return invalid('A deal drop must close after it opens');
  if (window.closesAt.getTime() - window.opensAt.getTime() > MAX_DROP_DAYS * 24 * 60 * 60_000) {
    return invalid(`A deal drop may last at most ${MAX_DROP_DAYS} days`);
  }
  if (window.closesAt <= now) return invalid('A deal drop must close in the future');
  return window;
}

/** A drop's stream holds these events, typed by their contracts. */
export type DropEvent = EventOf<typeof DropScheduled | typeof DropMoved | typeof DropCancelled>;

/** An admin schedules a drop of their own, moves one (of the calendar or their own) or cancels it. */
export type DropCommand = { kind: 'schedule' | 'move'; request: DropRequest; now: Date } | { kind: 'cancel' };

function evolveDrop(_state: Drop | undefined, event: Recorded<DropEvent>): Drop {
  // Every event carries the drop's whole window, as the drops table keeps it.
  const source = event.data.dropId.startsWith('DROP-') ? 'calendar' : 'admin';
  return {
    id: event.data.dropId,
    opensAt: new Date(event.data.opensAt),
    closesAt: new Date(event.data.closesAt),
    label: event.data.label,
    source,
    cancelled: event.type === 'DropCancelled',
    moved: source === 'calendar',
  };
}

function decideDrop(dropId: string, command: DropCommand, drop: Drop | undefined): DropEvent[] | Refusal {
  if (command.kind === 'schedule') {
    if (drop) return refusal('conflict', 'That deal drop id is taken');
    const window = windowOf(command.request, command.now);
    if ('kind' in window) return window;
    const label = command.request.label?.trim() || dropLabel(window.opensAt);
    return [
      { type: 'DropScheduled', data: { dropId, opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString(), label } },
    ];
  }
  if (!drop) return refusal('not_found', 'Deal drop not found');
  const { opensAt, closesAt, label } = drop;
  if (command.kind === 'cancel') {
    if (drop.cancelled) return [];
    return [{ type: 'DropCancelled', data: { dropId, opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString(), label } }];
  }
  if (drop.cancelled) return refusal('conflict', 'This deal drop was cancelled');
  const window = windowOf(command.request, command.now);
  if ('kind' in window) return window;
  return [
    {
      type: 'DropMoved',
      data: {
        dropId,
        opensAt: window.opensAt.toISOString(),
        closesAt: window.closesAt.toISOString(),
        label: command.request.label?.trim() || label,
      },
    },
  ];
}

/**
 * One drop (stream `drop-<id>`). A drop of the calendar is computed, not scheduled: its stream begins at the
 * calendar's window, and holds only an admin's moves and cancellation.
 */
export function dropDecider(anchor: string, dropId: string): Decider<Drop | undefined, DropCommand, DropEvent> {
  return {
    initialState: () => new DropCalendar(anchor).byId(dropId),
    evolve: evolveDrop,
    decide: (command, drop) => decideDrop(dropId, command, drop),
  };
}
