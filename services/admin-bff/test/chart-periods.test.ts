import { describe, expect, it } from 'vitest';
import { bucketSums, chartPeriod, previousPeriod } from '../src/domain/chart-periods.js';

describe('chart periods', () => {
  it('cuts a period into days, with the as many days before it beside', () => {
    const period = chartPeriod('2026-10-01', '2026-10-03', 'day');
    expect(period).toEqual({ from: '2026-10-01', to: '2026-10-03', starts: ['2026-10-01', '2026-10-02', '2026-10-03'] });
    expect(previousPeriod(period, 'day')).toEqual({
      from: '2026-09-28',
      to: '2026-09-30',
      starts: ['2026-09-28', '2026-09-29', '2026-09-30'],
    });
  });

  it('counts weeks from the first day and widens the last week to seven days', () => {
    const period = chartPeriod('2026-10-01', '2026-10-09', 'week');
    expect(period).toEqual({ from: '2026-10-01', to: '2026-10-14', starts: ['2026-10-01', '2026-10-08'] });
    expect(previousPeriod(period, 'week')).toEqual({ from: '2026-09-17', to: '2026-09-30', starts: ['2026-09-17', '2026-09-24'] });
  });

  it('widens months to whole calendar months, across a year end, leap February included', () => {
    const period = chartPeriod('2027-12-15', '2028-02-03', 'month');
    expect(period).toEqual({ from: '2027-12-01', to: '2028-02-29', starts: ['2027-12-01', '2028-01-01', '2028-02-01'] });
    expect(previousPeriod(period, 'month')).toEqual({
      from: '2027-09-01',
      to: '2027-11-30',
      starts: ['2027-09-01', '2027-10-01', '2027-11-01'],
    });
  });

  it('sums days into their buckets, zeros where none, and leaves out days outside the period', () => {
    const period = chartPeriod('2026-10-01', '2026-10-14', 'week');
    const rows = [
      { day: '2026-09-30', values: [100, 1] },
      { day: '2026-10-01', values: [5, 1] },
      { day: '2026-10-07', values: [7, 2] },
      { day: '2026-10-08', values: [11, 3] },
      { day: '2026-10-15', values: [100, 1] },
    ];
    expect(bucketSums(period, rows, 2)).toEqual([
      [12, 3],
      [11, 3],
    ]);
    expect(bucketSums(chartPeriod('2026-10-01', '2026-10-02', 'day'), [], 2)).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
