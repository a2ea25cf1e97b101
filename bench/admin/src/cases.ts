import { performance } from 'node:perf_hooks';
import { calendarDropId, dropAnchorSetting, dropFriday, dropIndexOn } from '@elts/contracts';

export interface Case {
  name: string;
  path: string;
}

/** The calls the back office makes, with the filters an operator reaches for. */
export const CASES: Case[] = [
  { name: 'users: first page', path: '/admin/users' },
  { name: 'users: profession + type', path: '/admin/users?profession=student&subscriptionType=Save' },
  { name: 'users: name search', path: '/admin/users?name=asha%20ra' },
  { name: 'users: need + greed + pincode chips', path: '/admin/users?need=headphones&greed=camera&pincodes=560001,400001' },
  { name: 'users: chip search', path: '/admin/users?chipSearch=ca' },
  { name: 'users: sort by age, page 50', path: '/admin/users?sort=age&order=asc&page=50' },
  { name: 'users: sort by email', path: '/admin/users?sort=email&order=asc' },
  // Deep pages keep the spec's page and limit: OFFSET over the index of the list's order.
  { name: 'users: page 1,000 (deep)', path: '/admin/users?page=1000' },
  { name: 'payments: first page', path: '/admin/payments?page=1&limit=20' },
  { name: 'payments: timed out', path: '/admin/payments?status=timeout' },
  { name: 'payments: search', path: '/admin/payments?searchTerm=PAY-ORD-00001' },
  { name: 'payments: page 200', path: '/admin/payments?page=200' },
  { name: 'payments: page 5,000 (deep)', path: '/admin/payments?page=5000' },
  { name: 'payments: page 25,000 (half way)', path: '/admin/payments?page=25000' },
  { name: 'payments: stats', path: '/admin/payments/stats' },
  {
    name: 'payments: stats, subscriptions in a month',
    path: '/admin/payments/stats?paymentType=subscription&startDate=2026-09-01&endDate=2026-09-30',
  },
  { name: 'payments: timeouts (30 days)', path: '/admin/payments/timeouts?days=30' },
  { name: 'payments: timeout analysis (90 days)', path: '/admin/payments/timeout-analysis?days=90' },
  { name: 'product orders: first page', path: '/admin/product-orders' },
  { name: 'product orders: completed', path: '/admin/product-orders?status=completed' },
  { name: 'product orders: search', path: '/admin/product-orders?searchTerm=ORD-00001' },
  { name: 'product orders: stats', path: '/admin/product-orders/stats' },
  { name: 'subscriptions: first page', path: '/admin/subscriptions' },
  { name: 'subscriptions: search', path: '/admin/subscriptions?searchTerm=asha' },
  { name: 'subscriptions: stats', path: '/admin/subscriptions/stats' },
  {
    name: 'subscriptions: stats, active in a month',
    path: '/admin/subscriptions/stats?status=active&startDate=2026-09-01&endDate=2026-09-30',
  },
  // The charts (decision 0096): each page's charts in one call, the period and the one before from daily aggregates.
  ...chartCases(),
];

/** Each chart page over the last 30 days by day, and over a year by week (payments) or month (members). */
function chartCases(now = new Date()): Case[] {
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
  const over = (page: string, from: number, bucket: string) =>
    `/admin/charts/${page}?startDate=${day(from)}&endDate=${day(0)}&bucket=${bucket}`;
  return [
    { name: 'charts: payments, 30 days by day', path: over('payments', 29, 'day') },
    { name: 'charts: payments, a year by week', path: over('payments', 364, 'week') },
    { name: 'charts: orders, 30 days by day', path: over('orders', 29, 'day') },
    { name: 'charts: members, a year by month', path: over('members', 364, 'month') },
    // The Drops chart (decision 0170): the last calendar drop that closed, whose products (seed:scale's, without a
    // window of their own) sold in it, from their sums per hour since they were created.
    { name: 'charts: drops, the last calendar drop', path: `/admin/charts/drops/${lastCalendarDrop(now)}` },
  ];
}

/** The id of the calendar's last drop to have closed before `now` (the anchor's default: the bench sets none). */
function lastCalendarDrop(now: Date): string {
  const anchor = dropAnchorSetting.parse(undefined);
  const today = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  // The Friday of this fortnight's drop may still be running or ahead: the one before it has closed.
  return calendarDropId(dropFriday(anchor, dropIndexOn(anchor, today) - 1));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function measure(call: (path: string) => Promise<void>, item: Case, runs: number, warmup: number) {
  for (let i = 0; i < warmup; i++) await call(item.path);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call(item.path);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Streams the whole users CSV, sampling the heap as it goes. */
export async function streamCsv(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  headers: Record<string, string>,
) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const started = performance.now();
  const response = await app.request('/admin/users/export', { headers });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  let rows = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) rows++;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  return { rows: rows - 1, bytes, ms: performance.now() - started, heapGrowth: heapPeak - heapBefore };
}

export const row = (...cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(48) : cell.padStart(15))).join('');
