import { z } from 'zod';
import { EARLIEST_DATE, isCalendarDate, LATEST_DATE } from '../india-time.js';

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
