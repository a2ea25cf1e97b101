/**
 * Dates as Indian shoppers write them, dd/mm/yyyy, on the Asia/Kolkata calendar whatever the browser's time zone:
 * an order placed at 00:30 IST on 2 February is dated 02/02/2025 even though it is still 1 February in UTC.
 */
const TIME_ZONE = 'Asia/Kolkata';

const dateParts = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeParts = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** `formatDate('2025-02-01T18:45:00Z')` → '02/02/2025'. */
export function formatDate(value: Date | string | number): string {
  const parts = dateParts.formatToParts(toDate(value));
  return `${part(parts, 'day')}/${part(parts, 'month')}/${part(parts, 'year')}`;
}

/** `formatDateTime('2025-02-01T18:45:00Z')` → '02/02/2025 00:15' (24-hour, IST). */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  const parts = timeParts.formatToParts(date);
  return `${formatDate(date)} ${part(parts, 'hour')}:${part(parts, 'minute')}`;
}
