/** The arithmetic of the reports: pure functions, unit-tested (bench/test/stats.test.ts). */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile (p in 0..100): the smallest value with at least p% of the values at or below it. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function distribution(values: readonly number[]) {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : Number.NaN,
  };
}

/** How many times the baseline a figure is; NaN when the baseline is missing or zero. */
export function ratio(value: number, baseline: number): number {
  return baseline > 0 && Number.isFinite(value) ? value / baseline : Number.NaN;
}

/** Server CPU per request from two readings of its CPU time (µs) and the requests answered in between. */
export function cpuPerRequest(cpuBeforeUs: number, cpuAfterUs: number, requests: number): number {
  return requests > 0 ? (cpuAfterUs - cpuBeforeUs) / requests : Number.NaN;
}

export type Comparison = '<' | '<=' | '>=' | '==';

export interface Target {
  op: Comparison;
  value: number;
}

export interface Figure {
  /** Which benchmark it belongs to, as the table groups them. */
  group: string;
  label: string;
  value: number;
  unit: string;
  target?: Target;
  /** What limits it, or how it was measured, when that is not obvious. */
  note?: string;
}

export type Verdict = 'met' | 'MISSED' | '';

export function verdict(figure: Pick<Figure, 'value' | 'target'>): Verdict {
  const { target, value } = figure;
  if (!target) return '';
  if (!Number.isFinite(value)) return 'MISSED';
  switch (target.op) {
    case '<':
      return value < target.value ? 'met' : 'MISSED';
    case '<=':
      return value <= target.value ? 'met' : 'MISSED';
    case '>=':
      return value >= target.value ? 'met' : 'MISSED';
    case '==':
      return value === target.value ? 'met' : 'MISSED';
  }
}

/** A figure as people read it: three significant digits at most, integers for large values. */
export function formatValue(value: number, unit: string): string {
  if (!Number.isFinite(value)) return 'n/a';
  const digits = Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const number = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return unit === '×' ? `${number}×` : unit ? `${number} ${unit}` : number;
}

export function formatTarget(figure: Pick<Figure, 'target' | 'unit'>): string {
  return figure.target ? `${figure.target.op} ${formatValue(figure.target.value, figure.unit)}` : '';
}

/**
 * An open-loop arrival schedule: when each of `count` arrivals is due (ms after the start) at `perSecond`. Buyers
 * arrive when they arrive, whether or not earlier ones have had their answer: a fixed pool of connections would slow
 * its own arrivals down to the server's pace and hide the queue (coordinated omission).
 */
export function arrivals(count: number, perSecond: number): number[] {
  return Array.from({ length: count }, (_, n) => (n * 1000) / perSecond);
}

/**
 * What a drop sustained: answers per second from the first arrival to the last answer (ms on one clock). Below the
 * arrival rate, the product fell behind and its queue grew for as long as buyers kept arriving.
 */
export function sustainedRate(answers: ReadonlyArray<{ dueMs: number; answeredMs: number }>): number {
  if (answers.length === 0) return Number.NaN;
  const first = Math.min(...answers.map((answer) => answer.dueMs));
  const last = Math.max(...answers.map((answer) => answer.answeredMs));
  return last > first ? (answers.length * 1000) / (last - first) : Number.NaN;
}
