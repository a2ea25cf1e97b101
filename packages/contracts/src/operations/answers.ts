import { z } from 'zod';

/** A successful answer in the API's envelope: `{is_success: true, message?, data}` plus any spec fields beside it. */
export function answer<D extends z.ZodType, X extends z.ZodRawShape = Record<never, never>>(data: D, beside?: X) {
  return z.object({ is_success: z.literal(true), message: z.string().optional(), data, ...(beside ?? ({} as X)) });
}

/** A success that carries only its message (`{is_success: true, message}`). */
export const done = z.object({ is_success: z.literal(true), message: z.string().optional() });

/** A list's page as the back office's lists answer it. */
export const pagination = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  limit: z.number().int(),
  hasPrev: z.boolean(),
  hasNext: z.boolean(),
});

/** A list's page in the spec's own words (order history, the wall, timed-out payments). */
export const specPagination = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_items: z.number().int(),
  has_prev: z.boolean(),
  has_next: z.boolean(),
});
