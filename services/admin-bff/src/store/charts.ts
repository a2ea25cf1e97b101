import { type AdminCharts, CHART_SERIES, CHART_UNITS, type ChartBucket, type ChartPage, MOST_CHART_BUCKETS } from '@elts/contracts';
import { badRequest } from '@elts/platform';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { bucketSums, type ChartPeriod, chartPeriod, previousPeriod } from '../domain/chart-periods.js';
import type { AdminDb } from './tables.js';

type DailyRows = { day: string; values: number[] }[];

/** A sum of an aggregate's measure over the rows that match, zero where none do. */
const total = (measure: string, where: RawBuilder<unknown>) => sql`coalesce(sum(${sql.ref(measure)}) filter (where ${where}), 0)`;

// Money taken by payments: a refund's own row is money going back, netted on the day it was made (refund_day_stats).
const PAYMENT = sql`payment_type <> 'refund'`;
// A payment that took money: a success, or one since refunded in full (its refund is netted on the refund's day).
const TOOK_MONEY = sql`status in ('success', 'refunded') and ${PAYMENT}`;
// An order is counted once paid ('completed', whatever its fulfilment step) and not cancelled (its money went back).
const PAID_ORDER = sql`status = 'completed'`;

interface Part {
  table: string;
  measures: RawBuilder<unknown>[];
  /** Where its measures go among the page's columns. */
  offset: number;
}

/** Each page's columns, from one or more aggregates. */
const PARTS: Record<ChartPage, Part[]> = {
  payments: [
    {
      table: 'payment_day_stats',
      offset: 0,
      measures: [
        total('amount_paise', TOOK_MONEY),
        total('payments', sql`status = 'success' and ${PAYMENT}`),
        total('payments', sql`status in ('pending', 'processing') and ${PAYMENT}`),
        total('payments', sql`status = 'failed' and ${PAYMENT}`),
        total('payments', sql`status = 'refunded' and ${PAYMENT}`),
        total('payments', sql`timed_out and ${PAYMENT}`),
      ],
    },
    { table: 'refund_day_stats', offset: 6, measures: [total('amount_paise', sql`true`)] },
  ],
  orders: [
    { table: 'product_order_day_stats', offset: 0, measures: [total('orders', PAID_ORDER), total('net_paise', PAID_ORDER)] },
    {
      table: 'fulfilment_day_stats',
      offset: 2,
      measures: ['shipped', 'ship_seconds', 'delivered', 'deliver_days'].map((measure) => total(measure, sql`true`)),
    },
  ],
  members: [
    { table: 'user_day_stats', offset: 0, measures: [total('users', sql`true`)] },
    {
      table: 'membership_day_stats',
      offset: 1,
      measures: ['started', 'renewed', 'expired', 'revoked'].map((kind) => total('memberships', sql`kind = ${kind}`)),
    },
  ],
};
const WIDTHS: Record<ChartPage, number> = { payments: 7, orders: 6, members: 5 };

/** Each Indian day's columns of one page's aggregates, from `from` to `to`: a few hundred rows at most. */
async function dailyRows(db: Kysely<AdminDb>, page: ChartPage, from: string, to: string): Promise<DailyRows> {
  const results = await Promise.all(
    PARTS[page].map(async (part) => {
      const { rows } = await sql<{ day: string; values: string[] }>`select to_char(day, 'YYYY-MM-DD') as day,
          array[${sql.join(part.measures)}]::text[] as values
        from ${sql.table(part.table)} where day between ${from}::date and ${to}::date group by day`.execute(db);
      return rows.map((row) => {
        const values = new Array<number>(WIDTHS[page]).fill(0);
        values.splice(part.offset, part.measures.length, ...row.values.map(Number));
        return { day: row.day, values };
      });
    }),
  );
  return results.flat();
}

/** Each chart of a page from one bucket's sums, in CHART_SERIES order. */
function chartValues(page: ChartPage, sums: number[]): Record<string, number[]> {
  switch (page) {
    case 'payments': {
      // Revenue net of refunds: what the bucket's payments took, less what was refunded in it (decision 0170).
      const [took = 0, success = 0, pending = 0, failed = 0, refunded = 0, timedOut = 0, refundedPaise = 0] = sums;
      return { revenue: [took - refundedPaise], status: [success, pending, failed, refunded], timeouts: [timedOut] };
    }
    case 'orders': {
      const [orders = 0, net = 0, shipped = 0, shipSeconds = 0, delivered = 0, deliverDays = 0] = sums;
      // The average of a bucket is its total over its orders (never the average of daily averages): money to the
      // paisa, days to a tenth.
      const tenths = (days: number, count: number) => (count === 0 ? 0 : Math.round((days / count) * 10) / 10);
      return {
        orders: [orders],
        order_value: [orders === 0 ? 0 : Math.round(net / orders)],
        fulfilment: [tenths(shipSeconds / 86_400, shipped), tenths(deliverDays, delivered)],
      };
    }
    case 'members': {
      const [signups = 0, ...changes] = sums;
      return { signups: [signups], memberships: changes };
    }
  }
}

function pointsOf(page: ChartPage, period: ChartPeriod, rows: DailyRows) {
  return bucketSums(period, rows, WIDTHS[page]).map((sums, i) => ({ start: period.starts[i] as string, values: chartValues(page, sums) }));
}

/** A page's charts over `from` to `to` in buckets, and the same over the period just before. */
export async function pageCharts(db: Kysely<AdminDb>, page: ChartPage, from: string, to: string, bucket: ChartBucket) {
  const period = chartPeriod(from, to, bucket);
  if (period.starts.length > MOST_CHART_BUCKETS) {
    throw badRequest(`A chart draws at most ${MOST_CHART_BUCKETS} ${bucket}s: choose a shorter period or a longer bucket.`);
  }
  const before = previousPeriod(period, bucket);
  const rows = await dailyRows(db, page, before.from, period.to);
  const now = pointsOf(page, period, rows);
  const then = pointsOf(page, before, rows);
  const charts: AdminCharts['charts'] = Object.entries(CHART_SERIES[page]).map(([id, series]) => ({
    id,
    unit: CHART_UNITS[id] ?? 'count',
    series: [...series],
    points: now.map((point) => ({ start: point.start, values: point.values[id] as number[] })),
    previous: then.map((point) => ({ start: point.start, values: point.values[id] as number[] })),
  }));
  return { period: { from: period.from, to: period.to, bucket }, previous: { from: before.from, to: before.to }, charts };
}
