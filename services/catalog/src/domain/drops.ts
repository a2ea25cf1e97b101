import {
  DROP_EVERY_DAYS,
  daysBetween,
  dropFriday,
  dropIndexOn,
  formatIndianDay,
  fridayDropWindow,
  indianDayOf,
  isCalendarDate,
  isDropFriday,
  openingDayOf,
} from '@elts/contracts';

/**
 * Deal drops: deals go live at Friday midnight and close at Sunday midnight in India, both the midnight that ends the
 * day named (Saturday 00:00 to Monday 00:00, Asia/Kolkata). The default calendar is every other Friday from an
 * anchor Friday: "every 15 days" cannot always land on a Friday, 14 can. Calendar drops are computed, not stored; a
 * stored row exists only once an admin moved or cancelled one, or created a drop of their own (see
 * docs/decisions/0020-deal-drops.md and 0087-friday-midnight-ends-friday.md). The arithmetic is shared with the back
 * office (packages/contracts/src/drop-calendar.ts).
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

const CALENDAR_ID = /^DROP-(\d{4}-\d{2}-\d{2})$/;

export const calendarDropId = (friday: string) => `DROP-${friday}`;

/** A drop named for the day its opening belongs to (a Friday, for the calendar's): 'Deal drop of 17/01/2025'. */
export function dropLabel(opensAt: Date): string {
  return `Deal drop of ${formatIndianDay(openingDayOf(opensAt))}`;
}

export function dropStatus(drop: Drop, now: Date): DropStatus {
  if (drop.cancelled) return 'cancelled';
  if (now < drop.opensAt) return 'scheduled';
  return now < drop.closesAt ? 'open' : 'closed';
}

export class DropCalendar {
  private readonly stored = new Map<string, StoredDrop>();

  constructor(
    readonly anchor: string,
    stored: StoredDrop[] = [],
  ) {
    for (const drop of stored) this.stored.set(drop.id, drop);
  }

  /** The k-th calendar Friday's drop (k may be negative), with an admin's change applied. */
  occurrence(k: number): Drop {
    const friday = dropFriday(this.anchor, k);
    const id = calendarDropId(friday);
    const change = this.stored.get(id);
    if (change) return { ...change, moved: true };
    const { opensAt, closesAt } = fridayDropWindow(friday);
    return { id, opensAt, closesAt, label: dropLabel(opensAt), source: 'calendar', cancelled: false, moved: false };
  }

  /** A drop by id: an admin's drop, or a date of the calendar. */
  byId(id: string): Drop | undefined {
    const stored = this.stored.get(id);
    if (stored) return { ...stored, moved: stored.source === 'calendar' };
    const friday = CALENDAR_ID.exec(id)?.[1];
    if (!friday || !isCalendarDate(friday)) return undefined;
    if (!isDropFriday(this.anchor, friday)) return undefined;
    return this.occurrence(daysBetween(this.anchor, friday) / DROP_EVERY_DAYS);
  }

  /** Index of the calendar Friday on or before the date of `at`. */
  private indexAt(at: Date): number {
    return dropIndexOn(this.anchor, indianDayOf(at));
  }

  /** Every drop whose window meets [from, to), cancelled ones included, in opening order. */
  between(from: Date, to: Date): Drop[] {
    const found = new Map<string, Drop>();
    for (let k = this.indexAt(from) - 1; k <= this.indexAt(to) + 1; k++) {
      const drop = this.occurrence(k);
      if (drop.closesAt > from && drop.opensAt < to) found.set(drop.id, drop);
    }
    for (const drop of this.stored.values()) {
      if (drop.closesAt > from && drop.opensAt < to) found.set(drop.id, { ...drop, moved: drop.source === 'calendar' });
    }
    return [...found.values()].sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime() || a.id.localeCompare(b.id));
  }

  /** The drop open at `now` (the earliest opened, if several), else the next to open. Cancelled drops are skipped. */
  currentOrNext(now: Date): Drop | undefined {
    const k = this.indexAt(now);
    const candidates = new Map<string, Drop>();
    // A handful of cancelled Fridays in a row is plausible; a year of them is not.
    for (let i = k - 1; i <= k + 27; i++) {
      const drop = this.occurrence(i);
      candidates.set(drop.id, drop);
    }
    for (const drop of this.stored.values()) candidates.set(drop.id, { ...drop, moved: drop.source === 'calendar' });
    const live = [...candidates.values()].filter((drop) => !drop.cancelled && drop.closesAt > now);
    const open = live.filter((drop) => drop.opensAt <= now);
    const pool = open.length > 0 ? open : live;
    return pool.sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime())[0];
  }
}
