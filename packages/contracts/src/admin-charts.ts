import { z } from 'zod';
import { dateRangeQuerySchema } from './validation/dates.js';

/**
 * The back office's charts (issue 39, decision 0096): each page that draws asks for its charts in one call, over a
 * period of Indian calendar days cut into buckets, with the period of the same length just before it beside.
 */
export const CHART_PAGES = ['payments', 'orders', 'members'] as const;
export type ChartPage = (typeof CHART_PAGES)[number];

export const CHART_BUCKETS = ['day', 'week', 'month'] as const;
export type ChartBucket = (typeof CHART_BUCKETS)[number];

/** Each chart's series, in the order their values come; the words for them are the back office's. */
export const CHART_SERIES = {
  payments: {
    // What successful payments kept: paid less refunded, on the day each payment was made.
    revenue: ['net_paise'],
    status: ['success', 'pending', 'failed', 'refunded'],
    timeouts: ['timed_out'],
  },
  orders: {
    // Paid orders (not cancelled, whatever their fulfilment step) and their average kept value.
    orders: ['orders'],
    order_value: ['average_paise'],
    // Average days from payment to shipment and to delivery of the orders paid in each bucket (0 where none).
    fulfilment: ['days_to_ship', 'days_to_deliver'],
  },
  members: {
    signups: ['signups'],
    memberships: ['started', 'renewed', 'expired', 'revoked'],
  },
} as const satisfies Record<ChartPage, Record<string, readonly string[]>>;

/** How a chart's values are counted: paise (shown as en-IN rupees), days, or (any other chart) things. */
export const CHART_UNITS: Record<string, 'paise' | 'days'> = { revenue: 'paise', order_value: 'paise', fulfilment: 'days' };

/** Most buckets one chart draws (a year of days). */
export const MOST_CHART_BUCKETS = 366;

const point = z.object({
  /** The bucket's first day, YYYY-MM-DD. */
  start: z.string(),
  values: z.array(z.number()),
});

export const adminChartsAnswer = z.object({
  period: z.object({ from: z.string(), to: z.string(), bucket: z.enum(CHART_BUCKETS) }),
  previous: z.object({ from: z.string(), to: z.string() }),
  charts: z.array(
    z.object({
      id: z.string(),
      unit: z.enum(['paise', 'count', 'days']),
      series: z.array(z.string()),
      /** One per bucket of the period; `previous` has one per bucket of the period before, in the same order. */
      points: z.array(point),
      previous: z.array(point),
    }),
  ),
});
export type AdminCharts = z.infer<typeof adminChartsAnswer>;

export const adminChartsQuery = z
  .object({
    startDate: dateRangeQuerySchema.shape.startDate,
    endDate: dateRangeQuerySchema.shape.endDate,
    bucket: z.enum(CHART_BUCKETS, { error: `Bucket must be one of: ${CHART_BUCKETS.join(', ')}.` }).default('day'),
  })
  .superRefine((query, ctx) => {
    if (!query.startDate || !query.endDate) {
      ctx.addIssue({ code: 'custom', message: 'Give the period as a start date and an end date.' });
    } else if (query.endDate < query.startDate) {
      ctx.addIssue({ code: 'custom', message: 'The end date must not be before the start date.' });
    }
  });
