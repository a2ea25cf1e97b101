import { addDays, daysBetween, formatIndianDay, indianDayOf, indianMidnight } from './india-time.js';

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
