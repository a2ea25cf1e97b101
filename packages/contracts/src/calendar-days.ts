/**
 * Calendar days as India reads them, free of the schema library so that pages can use them without loading it:
 * YYYY-MM-DD on the wire, dd/mm/yyyy on screen, today's date in India's time zone.
 */

/**
 * The days a date typed into the product may name. The business started in 2025; a year outside these is a slip of
 * the keyboard, and calendar arithmetic near year 9999 leaves the four-digit years that YYYY-MM-DD can write.
 */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2099-12-31';

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A day that exists, written YYYY-MM-DD: 2026-02-28, not 2026-02-30 (which Date would quietly turn into 2 March). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_SHAPE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A YYYY-MM-DD day as Indian readers write it, dd/mm/yyyy: '2026-11-20' → '20/11/2026'. */
export function formatIndianDay(day: string): string {
  return day.split('-').reverse().join('/');
}

/** Today's date in India, as YYYY-MM-DD: birthdays and business calendars are Indian dates. */
export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant as a date in India, dd/mm/yyyy, whatever the server's or the browser's zone: '26/11/2026'. */
export const indianDate = (at: Date) => dateFormat.format(at);

/** An instant as a date and 24-hour time in India: '26/11/2026 14:05'. */
export const indianDateTime = (at: Date) => `${indianDate(at)} ${timeFormat.format(at)}`;
