/**
 * Calendar arithmetic in Asia/Kolkata. India keeps one offset all year (UTC+05:30, no daylight saving), so a fixed
 * offset is exact. Dates are 'YYYY-MM-DD' strings; instants are Dates (UTC inside).
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y as number, m as number, d as number];
}

/** A real calendar date written as YYYY-MM-DD (not 2025-02-30). */
export function isRealDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [y, m, d] = parts(date);
  const utc = new Date(Date.UTC(y, m - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

/** 00:00 in India on `date`. */
export function istMidnight(date: string): Date {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d) - IST_OFFSET_MS);
}

/** The date in India at `instant`. */
export function istDateOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((istMidnight(to).getTime() - istMidnight(from).getTime()) / DAY_MS);
}

/** 0 Sunday ... 5 Friday, 6 Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function isFriday(date: string): boolean {
  return isRealDate(date) && weekdayOf(date) === 5;
}
