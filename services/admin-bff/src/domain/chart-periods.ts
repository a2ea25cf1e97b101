import { addDays, type ChartBucket, daysBetween } from '@elts/contracts';

/** A period of Indian calendar days (both ends included) cut into buckets, each named by its first day. */
export interface ChartPeriod {
  from: string;
  to: string;
  starts: string[];
}

/** The first day of the month `months` after the one `day` is in (before, if negative). */
function monthStart(day: string, months = 0): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The period from `from` to `to` in buckets. Days and weeks start at `from` (a week is the seven days from its first,
 * so the period before lines up bucket by bucket); months are calendar months, the period widened to whole ones.
 * The last bucket is widened to its full length too, so every bucket counts alike.
 */
export function chartPeriod(from: string, to: string, bucket: ChartBucket): ChartPeriod {
  if (bucket === 'month') {
    const first = monthStart(from);
    const months = monthsBetween(first, to) + 1;
    const starts = Array.from({ length: months }, (_, i) => monthStart(first, i));
    return { from: first, to: addDays(monthStart(first, months), -1), starts };
  }
  const width = bucket === 'week' ? 7 : 1;
  const count = Math.floor(daysBetween(from, to) / width) + 1;
  const starts = Array.from({ length: count }, (_, i) => addDays(from, i * width));
  return { from, to: addDays(from, count * width - 1), starts };
}

const monthsBetween = (from: string, to: string) => {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
};

/** The period of as many buckets just before `period`. */
export function previousPeriod(period: ChartPeriod, bucket: ChartBucket): ChartPeriod {
  const count = period.starts.length;
  if (bucket === 'month') return chartPeriod(monthStart(period.from, -count), addDays(period.from, -1), 'month');
  const days = daysBetween(period.from, period.to) + 1;
  return chartPeriod(addDays(period.from, -days), addDays(period.from, -1), bucket);
}

/**
 * Sums daily rows into the period's buckets: one array of `width` values per bucket, zeros where no day had any.
 * Days outside the period are left out.
 */
export function bucketSums(period: ChartPeriod, rows: readonly { day: string; values: readonly number[] }[], width: number) {
  const sums = period.starts.map(() => new Array<number>(width).fill(0));
  for (const row of rows) {
    if (row.day < period.from || row.day > period.to) continue;
    // The last bucket starting on or before the day (starts are in order; YYYY-MM-DD compares as text).
    let low = 0;
    let high = period.starts.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if ((period.starts[mid] as string) <= row.day) low = mid;
      else high = mid - 1;
    }
    const bucket = sums[low] as number[];
    row.values.forEach((value, i) => {
      bucket[i] = (bucket[i] as number) + value;
    });
  }
  return sums;
}
