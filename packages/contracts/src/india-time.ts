/**
 * India time, in one place: calendar days as India reads them and the instants they start at. Free of the schema
 * library so that pages can use it without loading that. India keeps one offset all year (UTC+05:30, no daylight
 * saving), so a fixed offset is exact. Days are YYYY-MM-DD strings on the wire, dd/mm/yyyy on screen; instants are
 * Dates (UTC inside), stored as UTC.
 */

/** UTC+05:30. */
const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 3600_000;

/**
 * The days a date typed into the product may name. The business started in 2025; a year outside these is a slip of
 * the keyboard, and calendar arithmetic near year 9999 leaves the four-digit years that YYYY-MM-DD can write.
 */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2099-12-31';

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

function dayParts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number);
  return [year as number, month as number, date as number];
}

/** A day that exists, written YYYY-MM-DD: 2026-02-28, not 2026-02-30 (which Date would quietly turn into 2 March). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_SHAPE.test(value)) return false;
  const [year, month, day] = dayParts(value);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** India's wall clock at an instant, as a Date whose UTC fields read it (never shown or stored as such). */
const wallClock = (at: Date) => new Date(at.getTime() + INDIA_OFFSET_MS);

/** The calendar in India at an instant: year, month (1 to 12) and day of the month. */
export function indianCalendar(at: Date): { year: number; month: number; day: number } {
  const india = wallClock(at);
  return { year: india.getUTCFullYear(), month: india.getUTCMonth() + 1, day: india.getUTCDate() };
}

/** The instant India's clocks read 00:00 on year-month-day (month 1 to 12; a day past the month's end rolls over). */
export function indianMidnightOf(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - INDIA_OFFSET_MS);
}

/** 00:00 in India on a YYYY-MM-DD day: 2026-11-22 starts at 2026-11-21T18:30Z. */
export const indianMidnight = (day: string): Date => indianMidnightOf(...dayParts(day));

/** The day in India at an instant, YYYY-MM-DD: birthdays, business calendars and daily figures are Indian dates. */
export const indianDayOf = (at: Date): string => wallClock(at).toISOString().slice(0, 10);

/** Today's date in India, as YYYY-MM-DD. */
export const todayInIndia = (now: Date = new Date()): string => indianDayOf(now);

/** India's wall clock at an instant to the second, YYYY-MM-DDTHH:mm:ss, with no zone written. */
export const indianWallClock = (at: Date): string => wallClock(at).toISOString().slice(0, 19);

/** The instant of a wall-clock time in India, YYYY-MM-DDTHH:mm or YYYY-MM-DDTHH:mm:ss; undefined if it is not one. */
export function fromIndianWallClock(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return undefined;
  const at = Date.parse(`${text.length === 16 ? `${text}:00` : text}Z`);
  return Number.isNaN(at) ? undefined : new Date(at - INDIA_OFFSET_MS);
}

/** The YYYY-MM-DD day `days` after `day` (before, if negative). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * `day` plus `count` business days, Monday to Friday. Saturdays count as no business day, so a date promised is never
 * earlier than a policy allows under either reading; public holidays differ by state and are not counted out
 * (docs/decisions/0023).
 */
export function addBusinessDays(day: string, count: number): string {
  // One Date stepped a day at a time: every exchange on a member's order page asks this.
  const [year, month, date] = dayParts(day);
  const next = new Date(Date.UTC(year, month - 1, date));
  for (let left = count; left > 0; ) {
    next.setUTCDate(next.getUTCDate() + 1);
    const weekday = next.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return next.toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD day to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((indianMidnight(to).getTime() - indianMidnight(from).getTime()) / DAY_MS);

/** 0 Sunday ... 5 Friday, 6 Saturday. */
export function weekdayOf(day: string): number {
  const [year, month, date] = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

export const isFriday = (day: string): boolean => isCalendarDate(day) && weekdayOf(day) === 5;

/** A YYYY-MM-DD day as Indian readers write it, dd/mm/yyyy: '2026-11-20' → '20/11/2026'. */
export function formatIndianDay(day: string): string {
  return day.split('-').reverse().join('/');
}

/** An instant as a date in India, dd/mm/yyyy, whatever the server's or the browser's zone: '26/11/2026'. */
export const indianDate = (at: Date): string => formatIndianDay(indianDayOf(at));

/** An instant as a date and 24-hour time in India: '26/11/2026 14:05'. */
export const indianDateTime = (at: Date): string => `${indianDate(at)} ${indianWallClock(at).slice(11, 16)}`;
