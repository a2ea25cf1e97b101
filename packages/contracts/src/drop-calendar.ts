import { z } from 'zod';
import { addDays, daysBetween, formatIndianDay, indianDayOf, indianMidnight, isCalendarDate, isFriday } from './india-time.js';

/**
 * The deal drops' calendar (docs/decisions/0020 and 0087). The spec's "Friday midnight" is the midnight that ends
 * Friday, as its "Sunday midnight" is the one that ends Sunday: a drop runs from Saturday 00:00 to Monday 00:00 in
 * India, the 48 hours of the weekend, every other Friday from an anchor Friday. The catalog keeps the calendar with
 * this; the back office's drop form uses the same functions to warn before an operator leaves it.
 */
export const DROP_EVERY_DAYS = 14;

export interface DropWindow {
  opensAt: Date;
  closesAt: Date;
}

/** The drop of `friday` (YYYY-MM-DD): from its midnight (Saturday 00:00 in India) to Sunday midnight (Monday 00:00). */
export function fridayDropWindow(friday: string): DropWindow {
  return { opensAt: indianMidnight(addDays(friday, 1)), closesAt: indianMidnight(addDays(friday, 3)) };
}

/** The index k of the calendar Friday (anchor + 14k) on or before `day`. */
export const dropIndexOn = (anchor: string, day: string): number => Math.floor(daysBetween(anchor, day) / DROP_EVERY_DAYS);

/** The k-th calendar Friday after the anchor (before it, when k is negative). */
export const dropFriday = (anchor: string, index: number): string => addDays(anchor, index * DROP_EVERY_DAYS);

/** Whether `day` is one of the calendar's Fridays. */
export const isDropFriday = (anchor: string, day: string): boolean => daysBetween(anchor, day) % DROP_EVERY_DAYS === 0;

/**
 * The day a drop's opening belongs to, in the same reading: a midnight ends the day before it, so a drop opening at
 * Saturday 00:00 is Friday's; one opening at 10:00 on a Thursday is Thursday's.
 */
export const openingDayOf = (opensAt: Date): string => indianDayOf(new Date(opensAt.getTime() - 1));

/** Whether a window is exactly one of the calendar's drops: a calendar Friday's midnight to its Sunday's. */
export function onDropCalendar(anchor: string, window: DropWindow): boolean {
  const friday = openingDayOf(window.opensAt);
  if (!isDropFriday(anchor, friday)) return false;
  const promised = fridayDropWindow(friday);
  return window.opensAt.getTime() === promised.opensAt.getTime() && window.closesAt.getTime() === promised.closesAt.getTime();
}

/**
 * What an operator is told when a drop they schedule or move leaves the calendar members are promised (they may
 * still do it: a festival sale, say); undefined when it keeps to it.
 */
export function offCalendarWarning(anchor: string, window: DropWindow): string | undefined {
  if (onDropCalendar(anchor, window)) return undefined;
  const before = dropFriday(anchor, dropIndexOn(anchor, openingDayOf(window.opensAt)));
  const after = addDays(before, DROP_EVERY_DAYS);
  return (
    'Off the drop calendar: members are promised drops from Friday midnight to Sunday midnight, India time, every ' +
    `other week (the nearest on Fridays ${formatIndianDay(before)} and ${formatIndianDay(after)}).`
  );
}

/** The setting the calendar counts from (the Friday, in India, of its first drop), parsed alike by every service. */
export const dropAnchorSetting = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(isFriday, 'must be a Friday')
  .default('2025-01-03');

/** A drop as its events left it (an operator's own, or a calendar drop an operator moved or cancelled). */
export interface KnownDrop extends DropWindow {
  id: string;
  label: string;
  cancelled: boolean;
}

/** A calendar drop's id names its Friday. */
export const calendarDropId = (friday: string) => `DROP-${friday}`;
const CALENDAR_DROP_ID = /^DROP-(\d{4}-\d{2}-\d{2})$/;

/** A drop named for the day its opening belongs to (a Friday, for the calendar's): 'Deal drop of 17/01/2025'. */
export const dropLabel = (opensAt: Date): string => `Deal drop of ${formatIndianDay(openingDayOf(opensAt))}`;

/**
 * The drops: the calendar's, computed from the anchor, with the operators' changes and own drops over them. The one
 * rule, for the catalogue that sells in them (its DropCalendar adds where each drop came from) and for readers of its
 * events (the back office's charts), so a product is counted in the drop the catalogue sells it in. A handful of
 * cancelled Fridays in a row is plausible, a year of them is not: `currentOrNext` looks 27 Fridays ahead.
 */
export function knownDrops(anchor: string, stored: readonly KnownDrop[]) {
  const changed = new Map(stored.map((drop) => [drop.id, drop]));
  const occurrence = (k: number): KnownDrop => {
    const friday = dropFriday(anchor, k);
    const id = calendarDropId(friday);
    const window = fridayDropWindow(friday);
    return changed.get(id) ?? { id, ...window, label: dropLabel(window.opensAt), cancelled: false };
  };
  return {
    byId(id: string): KnownDrop | undefined {
      const known = changed.get(id);
      if (known) return known;
      const friday = CALENDAR_DROP_ID.exec(id)?.[1];
      if (!friday || !isCalendarDate(friday) || !isDropFriday(anchor, friday)) return undefined;
      return occurrence(daysBetween(anchor, friday) / DROP_EVERY_DAYS);
    },
    /** Every drop whose window meets [from, to), cancelled ones included, in opening order. */
    between(from: Date, to: Date): KnownDrop[] {
      const meets = (drop: KnownDrop) => drop.closesAt > from && drop.opensAt < to;
      const found = new Map<string, KnownDrop>();
      for (let k = dropIndexOn(anchor, indianDayOf(from)) - 1; k <= dropIndexOn(anchor, indianDayOf(to)) + 1; k++) {
        const drop = occurrence(k);
        if (meets(drop)) found.set(drop.id, drop);
      }
      for (const drop of stored) if (meets(drop)) found.set(drop.id, drop);
      return [...found.values()].sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime() || a.id.localeCompare(b.id));
    },
    /** The drop open at `now` (the earliest opened, if several), else the next to open; cancelled ones skipped. */
    currentOrNext(now: Date): KnownDrop | undefined {
      const k = dropIndexOn(anchor, indianDayOf(now));
      const candidates = new Map<string, KnownDrop>();
      for (let i = k - 1; i <= k + 27; i++) {
        const drop = occurrence(i);
        candidates.set(drop.id, drop);
      }
      for (const drop of stored) candidates.set(drop.id, drop);
      const live = [...candidates.values()].filter((drop) => !drop.cancelled && drop.closesAt > now);
      const open = live.filter((drop) => drop.opensAt <= now);
      return (open.length > 0 ? open : live).sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime())[0];
    },
  };
}

/**
 * The drop a product is sold in at `at`, as the catalogue's applicableWindow decides it: none for a product with
 * dates of its own; the drop it was given while that drop stands; else the calendar's drop open then, or next.
 */
export function saleDropOf(
  product: { saleStartAt: string | null; saleEndAt: string | null; dropId: string | null },
  drops: ReturnType<typeof knownDrops>,
  at: Date,
): string | undefined {
  if (product.saleStartAt || product.saleEndAt) return undefined;
  const given = product.dropId ? drops.byId(product.dropId) : undefined;
  if (given && !given.cancelled) return given.id;
  return drops.currentOrNext(at)?.id;
}
