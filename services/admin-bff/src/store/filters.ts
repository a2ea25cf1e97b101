import { addDays, indianDayOf, indianMidnight } from '@elts/contracts';
import { sql } from 'kysely';

/** Inclusive Indian calendar days as a UTC range: 2026-11-22 is [2026-11-21T18:30Z, 2026-11-22T18:30Z). */
export function indianDayRange(startDate?: string, endDate?: string): { from?: Date; to?: Date } {
  return {
    ...(startDate ? { from: indianMidnight(startDate) } : {}),
    ...(endDate ? { to: indianMidnight(addDays(endDate, 1)) } : {}),
  };
}

export interface DaySplit {
  /** Whole Indian days, inclusive, answered from a per-day aggregate (either end open). */
  days: { first?: string; last?: string };
  /** The part of a day at the start that is not whole (a rolling "last N days" window), answered from the rows. */
  edge?: { from: Date; to: Date };
}

/**
 * Splits a time range into whole Indian days and, when the range starts inside a day, that day's remaining part.
 * The end is always a day boundary here (the date filters' `to`, or open).
 */
export function splitIntoDays(range: { from?: Date; to?: Date }): DaySplit {
  const last = range.to ? indianDayOf(new Date(range.to.getTime() - 1)) : undefined;
  if (!range.from) return { days: { ...(last ? { last } : {}) } };
  const first = indianDayOf(range.from);
  if (indianMidnight(first).getTime() === range.from.getTime()) return { days: { first, ...(last ? { last } : {}) } };
  const nextDay = indianMidnight(addDays(first, 1));
  const edgeTo = range.to && range.to < nextDay ? range.to : nextDay;
  return { days: { first: indianDayOf(nextDay), ...(last ? { last } : {}) }, edge: { from: range.from, to: edgeTo } };
}

/** The later of two optional range starts. */
export const laterOf = (a?: Date, b?: Date) => (a && b ? (a > b ? a : b) : (a ?? b));

export function pageOf(page: number, limit: number, total: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { currentPage: page, totalPages, totalCount: total, limit, hasPrev: page > 1, hasNext: page < totalPages };
}

/** `%`, `_` and `\` are wildcards to LIKE; a search for them means the characters themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A sum over grouped or aggregate rows, optionally filtered; no rows is zero. */
export const sumOf = (column: string, where?: ReturnType<typeof sql>) =>
  where ? sql<string>`coalesce(sum(${sql.ref(column)}) filter (where ${where}), 0)` : sql<string>`coalesce(sum(${sql.ref(column)}), 0)`;
