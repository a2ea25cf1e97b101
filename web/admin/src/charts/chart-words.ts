import { addDays, type ChartBucket, type ChartPage, formatIndianDay, formatRupees, todayInIndia } from '@elts/contracts';
import { formatCount } from '@elts/ui';

/** Each chart's title, its series' names and colours, and what an empty period means (decision 0152). */
interface ChartWords {
  title: string;
  series: Record<string, { label: string; color: string }>;
  /** The start of the empty state's sentence: "{nothing} between 01/10/2026 and 30/10/2026, nor ...". */
  nothing: string;
}

// Tailwind's 700 shades: each has at least 4.5:1 against white, and the four differ in hue for colour-blind readers.
const GREEN = '#047857';
const AMBER = '#b45309';
const RED = '#b91c1c';
const INDIGO = '#4338ca';
/** The period before, drawn dashed beside a single series. */
export const BEFORE_COLOR = '#64748b';

export const CHART_WORDS: Record<string, ChartWords> = {
  revenue: {
    title: 'Revenue net of refunds',
    series: { net_paise: { label: 'Revenue', color: INDIGO } },
    nothing: 'No payment kept any money',
  },
  status: {
    title: 'Payments by status',
    series: {
      success: { label: 'Successful', color: GREEN },
      pending: { label: 'Pending', color: AMBER },
      failed: { label: 'Failed', color: RED },
      refunded: { label: 'Refunded', color: INDIGO },
    },
    nothing: 'No payments were made',
  },
  timeouts: { title: 'Payments timed out', series: { timed_out: { label: 'Timed out', color: RED } }, nothing: 'No payment timed out' },
  orders: { title: 'Paid orders', series: { orders: { label: 'Orders', color: INDIGO } }, nothing: 'No order was paid' },
  order_value: {
    title: 'Average order value',
    series: { average_paise: { label: 'Average order value', color: GREEN } },
    nothing: 'No order was paid',
  },
  fulfilment: {
    title: 'Days from payment to shipped and delivered',
    series: { days_to_ship: { label: 'To shipped', color: INDIGO }, days_to_deliver: { label: 'To delivered', color: GREEN } },
    nothing: 'No order paid then has shipped yet',
  },
  signups: { title: 'Sign-ups', series: { signups: { label: 'Sign-ups', color: INDIGO } }, nothing: 'No one signed up' },
  memberships: {
    title: 'Memberships',
    series: {
      started: { label: 'Started', color: GREEN },
      renewed: { label: 'Renewed', color: INDIGO },
      expired: { label: 'Expired', color: AMBER },
      revoked: { label: 'Revoked', color: RED },
    },
    nothing: 'No membership started, renewed, expired or was revoked',
  },
};

export const BUCKET_OPTIONS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A bucket by its first day: 01/10/2026 for a day, "week from 01/10/2026", "October 2026". */
export function bucketLabel(start: string, bucket: ChartBucket): string {
  if (bucket === 'month') return `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`;
  return bucket === 'week' ? `week from ${formatIndianDay(start)}` : formatIndianDay(start);
}

/** A value in its unit: whole rupees the en-IN way, days to a tenth, or a count. */
export function valueText(value: number, unit: 'paise' | 'count' | 'days'): string {
  if (unit === 'paise') return formatRupees(value, { decimals: false });
  if (unit === 'days') return `${value.toLocaleString('en-IN', { maximumFractionDigits: 1 })} ${value === 1 ? 'day' : 'days'}`;
  return formatCount(value);
}

/** "01/10/2026 to 30/10/2026". */
export const periodText = (period: { from: string; to: string }) => `${formatIndianDay(period.from)} to ${formatIndianDay(period.to)}`;

/** The period a page draws first: the last 30 days by day, or (Members) the last 12 months by month. */
export function defaultPeriod(page: ChartPage, now = new Date()): { startDate: string; endDate: string; bucket: ChartBucket } {
  const today = todayInIndia(now);
  if (page !== 'members') return { startDate: addDays(today, -29), endDate: today, bucket: 'day' };
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = year * 12 + month - 1 - 11;
  return { startDate: `${Math.floor(first / 12)}-${String((first % 12) + 1).padStart(2, '0')}-01`, endDate: today, bucket: 'month' };
}
