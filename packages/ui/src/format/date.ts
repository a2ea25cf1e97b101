import { indianDate, indianDateTime } from '@elts/contracts';

/**
 * Dates as Indian shoppers write them, dd/mm/yyyy, on India's calendar whatever the browser's time zone: an order
 * placed at 00:30 IST on 2 February is dated 02/02/2025 even though it is still 1 February in UTC. The arithmetic
 * is the contracts' India time; these take the shapes an answer carries (ISO text, epoch milliseconds, Date).
 */
function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

/** `formatDate('2025-02-01T18:45:00Z')` → '02/02/2025'. */
export const formatDate = (value: Date | string | number): string => indianDate(toDate(value));

/** `formatDateTime('2025-02-01T18:45:00Z')` → '02/02/2025 00:15' (24-hour, IST). */
export const formatDateTime = (value: Date | string | number): string => indianDateTime(toDate(value));
