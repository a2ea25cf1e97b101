import { addDays, indianDayOf, indianMidnight } from '@elts/contracts';

/**
 * A Cashfree timestamp as a Date. Cashfree writes IST in several shapes: `2023-08-11T18:02:46+05:30`,
 * `2024-04-18T22:14:58+0530`, `2021-07-23 12:15:06+05:30`, and zone-less `2024-04-18T16:45:00` or `2024-04-18`,
 * which are IST too ("we store timestamps in IST"). Empty strings and null mean absent.
 */
export function parseCashfreeTime(value: unknown): Date | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  let text = value.trim().replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text += 'T00:00:00';
  text = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  if (!/(Z|[+-]\d{2}:\d{2})$/i.test(text)) text += '+05:30';
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * For request fields that take a full timestamp. UTC with `Z`: a `+05:30` offset is one JSON escaping (`\u002B`)
 * away from Cashfree's `order_expiry_time_invalid`.
 */
export const cashfreeTimestamp = (date: Date): string => date.toISOString();

/**
 * For `payment_schedule_date`, of which Cashfree uses only the date. Whether it reads the date before or after
 * converting to IST is not documented, so we send noon IST of the intended Indian date (06:30 UTC): the same day
 * either way.
 */
export const scheduleDate = (date: Date): string => `${indianDayOf(date)}T06:30:00Z`;

/**
 * The first start of an Indian calendar day at or after `date`: the earliest a date-only charge (Cashfree's
 * `payment_schedule_date`) can be debited without coming before `date`.
 */
export function startOfNextIndianDay(date: Date): Date {
  const day = indianDayOf(date);
  const midnight = indianMidnight(day);
  return midnight.getTime() === date.getTime() ? midnight : indianMidnight(addDays(day, 1));
}
