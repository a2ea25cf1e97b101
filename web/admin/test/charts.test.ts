import type { AdminCharts } from '@elts/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChartCard } from '../src/charts/ChartCard.js';
import { ChartTable } from '../src/charts/ChartTable.js';
import { bucketLabel, defaultPeriod, valueText } from '../src/charts/chart-words.js';

const answer: Pick<AdminCharts, 'period' | 'previous'> = {
  period: { from: '2026-10-01', to: '2026-10-02', bucket: 'day' },
  previous: { from: '2026-09-29', to: '2026-09-30' },
};
const revenue: AdminCharts['charts'][number] = {
  id: 'revenue',
  unit: 'paise',
  series: ['net_paise'],
  points: [
    { start: '2026-10-01', values: [70_000] },
    { start: '2026-10-02', values: [12_345_678] },
  ],
  previous: [
    { start: '2026-09-29', values: [0] },
    { start: '2026-09-30', values: [40_000] },
  ],
};
/** What a screen shows, tags and entities aside. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the back office charts', () => {
  it('names buckets in dd/mm/yyyy, weeks by their first day, months by name', () => {
    expect(bucketLabel('2026-10-01', 'day')).toBe('01/10/2026');
    expect(bucketLabel('2026-10-01', 'week')).toBe('week from 01/10/2026');
    expect(bucketLabel('2026-10-01', 'month')).toBe('October 2026');
    expect(valueText(12_345_678, 'paise')).toBe('₹1,23,457');
    expect(valueText(123_456, 'count')).toBe('1,23,456');
    expect([valueText(1.75, 'days'), valueText(1, 'days')]).toEqual(['1.8 days', '1 day']);
  });

  it('draws the last 30 days by day, and Members the last 12 whole months, on India’s calendar', () => {
    // 19:00 UTC on 30 November is 1 December in India.
    const now = new Date('2026-11-30T19:00:00Z');
    expect(defaultPeriod('payments', now)).toEqual({ startDate: '2026-11-02', endDate: '2026-12-01', bucket: 'day' });
    expect(defaultPeriod('members', now)).toEqual({ startDate: '2026-01-01', endDate: '2026-12-01', bucket: 'month' });
  });

  it('shows each bucket beside the same bucket of the period before, as a table in en-IN rupees', () => {
    const html = text(renderToStaticMarkup(createElement(ChartTable, { chart: revenue, bucket: 'day' })));
    expect(html).toContain('Revenue net of refunds, as a table');
    expect(html).toContain('Day Revenue Period before Revenue before');
    // Each cell carries its column's name for a phone's stacked rows.
    expect(html).toContain('Day 01/10/2026 Revenue ₹700 Period before 29/09/2026 Revenue before ₹0');
    expect(html).toContain('Day 02/10/2026 Revenue ₹1,23,457 Period before 30/09/2026 Revenue before ₹400');
  });

  it('says why a chart is empty instead of drawing nothing, with no table toggle', () => {
    const zero = (points: typeof revenue.points) => points.map((point) => ({ ...point, values: [0] }));
    const empty = {
      ...revenue,
      id: 'timeouts',
      unit: 'count' as const,
      series: ['timed_out'],
      points: zero(revenue.points),
      previous: zero(revenue.previous),
    };
    const html = text(renderToStaticMarkup(createElement(ChartCard, { chart: empty, answer })));
    expect(html).toContain(
      'No payment timed out between 01/10/2026 and 02/10/2026, nor in the period before (29/09/2026 to 30/09/2026): there is nothing to draw.',
    );
    expect(html).not.toContain('View as table');
    // With figures, the card offers the table and names both periods.
    const drawn = text(renderToStaticMarkup(createElement(ChartCard, { chart: revenue, answer })));
    expect(drawn).toContain('View as table');
    expect(drawn).toContain('01/10/2026 to 02/10/2026, beside 29/09/2026 to 30/09/2026');
  });
});
