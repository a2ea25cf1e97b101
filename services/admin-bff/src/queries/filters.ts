import { z } from 'zod';

/** The back office sends empty filters as empty strings; they mean "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), schema.optional());

export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

export const listQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  startDate: optional(day),
  endDate: optional(day),
  searchTerm: optional(z.string().trim().max(100)),
});

export { optional };

const IST_OFFSET_MS = 330 * 60_000;

/** Inclusive Indian calendar days as a UTC range: 2026-11-22 is [2026-11-21T18:30Z, 2026-11-22T18:30Z). */
export function indianDayRange(startDate?: string, endDate?: string): { from?: Date; to?: Date } {
  return {
    ...(startDate ? { from: new Date(Date.parse(`${startDate}T00:00:00Z`) - IST_OFFSET_MS) } : {}),
    ...(endDate ? { to: new Date(Date.parse(`${endDate}T00:00:00Z`) - IST_OFFSET_MS + 24 * 3600_000) } : {}),
  };
}

export function pageOf(page: number, limit: number, total: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { currentPage: page, totalPages, totalCount: total, limit, hasPrev: page > 1, hasNext: page < totalPages };
}

/** `%`, `_` and `\` are wildcards to LIKE; a search for them means the characters themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const rupees = (paise: number) => Math.round(Number(paise)) / 100;
