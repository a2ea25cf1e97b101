import { z } from 'zod';

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

/**
 * A calendar day from a query or a form. `label` starts the message, which speaks of the person's input: "Start
 * date must be a real date, written as YYYY-MM-DD (for example 2026-01-31)".
 */
export function calendarDateSchema(label: string) {
  return z.string().superRefine((value, ctx) => {
    if (!isCalendarDate(value)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a real date, written as YYYY-MM-DD (for example 2026-01-31)` });
    } else if (value < EARLIEST_DATE || value > LATEST_DATE) {
      ctx.addIssue({ code: 'custom', message: `${label} must be between ${EARLIEST_DATE} and ${LATEST_DATE}` });
    }
  });
}

/** The back office sends an unset filter as an empty string. */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/**
 * The date filters of every back-office list: Indian calendar days, both ends included, either one optional. One
 * schema for every list, so no list can take a date another refuses.
 */
export const dateRangeQuerySchema = z.object({
  startDate: z.preprocess(unsetWhenEmpty, calendarDateSchema('Start date').optional()),
  endDate: z.preprocess(unsetWhenEmpty, calendarDateSchema('End date').optional()),
});
