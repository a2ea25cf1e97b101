import { addDays, dateRangeQuerySchema, indianDayOf, indianMidnight } from '@elts/contracts';
import { sql } from 'kysely';
import { z } from 'zod';

/** The back office sends empty filters as empty strings; they mean "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), schema.optional());

/** A whole-number query value in a range, refused with one sentence whatever is wrong with it (zod's words quote a schema). */
export const wholeNumber = (label: string, min: number, max: number) => {
  const error = `${label} must be a whole number from ${min.toLocaleString('en-IN')} to ${max.toLocaleString('en-IN')}.`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

// Only real calendar days get past here: indianDayRange and splitIntoDays turn them into instants and day strings,
// and an impossible one (2026-01-32) would become an Invalid Date that fails deep in a query.
export const listQuery = dateRangeQuerySchema.extend({
  page: wholeNumber('Page', 1, 1_000_000).default(1),
  limit: wholeNumber('Limit', 1, 100).default(20),
  searchTerm: optional(z.string().trim().max(100)),
});

export { optional };

/**
 * One of a filter's values, refused otherwise with a sentence naming the choices ("Status must be one of: pending,
 * active, ..."), which the page can show as it is; zod's own words quote a schema.
 */
export const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` });

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
