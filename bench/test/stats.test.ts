import { describe, expect, it } from 'vitest';
import { apiCostFigures } from '../src/api-cost.js';
import type { RouteCost } from '../src/load.js';
import { consoleTable, markdown } from '../src/report.js';
import { arrivals, cpuPerRequest, distribution, formatValue, median, percentile, ratio, sustainedRate, verdict } from '../src/stats.js';

const cost = (cpuUsPerRequest: number, p99Ms: number, failures = 0): RouteCost => ({
  cpuUsPerRequest,
  p99Ms,
  requestsPerSecond: 1000,
  idleUsPerS: 0,
  failures,
  runs: [{ cpuUsPerRequest, p99Ms, requests: 5000 }],
});

describe('the arithmetic of the benchmark reports', () => {
  it('takes medians of odd and even counts, and nearest-rank percentiles', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile([7], 99)).toBe(7);
    expect(distribution([3, 1, 2])).toEqual({ count: 3, p50: 2, p95: 3, p99: 3, max: 3 });
  });

  it('charges a route the CPU time spent over the requests it answered, and compares it with the baseline', () => {
    expect(cpuPerRequest(1_000, 51_000, 1_000)).toBe(50);
    expect(cpuPerRequest(0, 10, 0)).toBeNaN();
    expect(ratio(120, 40)).toBe(3);
    expect(ratio(120, 0)).toBeNaN();
  });

  it('judges each figure against its target, and a missing measurement as missed', () => {
    expect(verdict({ value: 3.9, target: { op: '<=', value: 4 } })).toBe('met');
    expect(verdict({ value: 4.1, target: { op: '<=', value: 4 } })).toBe('MISSED');
    expect(verdict({ value: 20, target: { op: '<', value: 20 } })).toBe('MISSED');
    expect(verdict({ value: 100, target: { op: '==', value: 100 } })).toBe('met');
    expect(verdict({ value: Number.NaN, target: { op: '>=', value: 0 } })).toBe('MISSED');
    expect(verdict({ value: 12 })).toBe('');
  });

  it('prints the quick API run as ratios against its same-run baseline, beside the targets', () => {
    const figures = apiCostFigures(cost(40, 3), {
      'visitor deals board': cost(120, 8),
      'member deals board': cost(600, 25, 2),
    });
    const visitor = figures.find((figure) => figure.label === 'visitor deals board: CPU ÷ baseline');
    expect(visitor).toMatchObject({ value: 3, unit: '×', target: { op: '<=', value: 4 } });
    expect(verdict(visitor!)).toBe('met');
    const member = figures.find((figure) => figure.label === 'member deals board: CPU ÷ baseline');
    expect(member?.value).toBe(15);
    expect(verdict(member!)).toBe('MISSED');
    expect(figures.find((figure) => figure.label === 'member deals board: p99')?.note).toBe('2 answers were not 2xx');

    const table = consoleTable(figures);
    expect(table).toContain('API cost (autocannon, 50 connections)');
    expect(table).toMatch(/visitor deals board: CPU ÷ baseline\s+3×\s+<= 4×\s+met/);
    expect(table).toMatch(/member deals board: p99\s+25 ms\s+< 20 ms\s+MISSED/);

    const md = markdown(
      { date: '2026-11-22T09:00:00.000Z', commit: 'abc1234', machine: 'test: 2 cores', mode: 'quick', pinned: true, durationS: 61.4 },
      figures,
      ['A note.'],
    );
    expect(md).toContain('- Commit: abc1234');
    expect(md).toContain('| API cost (autocannon, 50 connections) | member deals board: CPU ÷ baseline | 15× | <= 10× | **missed** |');
    expect(md).toContain('- A note.');
  });

  it('formats figures with few digits', () => {
    expect(formatValue(1234.5, 'µs')).toBe('1,235 µs');
    expect(formatValue(12.345, 'ms')).toBe('12.3 ms');
    expect(formatValue(2.345, '×')).toBe('2.35×');
    expect(formatValue(Number.NaN, 'ms')).toBe('n/a');
  });

  it("spreads a drop's arrivals evenly at the asked rate, and reads the rate the product kept up", () => {
    expect(arrivals(4, 500)).toEqual([0, 2, 4, 6]);
    expect(arrivals(3, 1000)).toEqual([0, 1, 2]);
    // Four answers, the first due at 100 ms and the last answered at 600 ms: 4 in half a second.
    const answers = [
      { dueMs: 100, answeredMs: 150 },
      { dueMs: 102, answeredMs: 600 },
      { dueMs: 104, answeredMs: 300 },
      { dueMs: 106, answeredMs: 200 },
    ];
    expect(sustainedRate(answers)).toBe(8);
    expect(sustainedRate([])).toBeNaN();
  });
});
