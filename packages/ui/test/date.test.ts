import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../src/format/date.js';

describe('formatDate', () => {
  it('writes dd/mm/yyyy', () => {
    expect(formatDate('2025-02-01T06:00:00Z')).toBe('01/02/2025');
    expect(formatDate(new Date('2024-12-25T10:00:00Z'))).toBe('25/12/2024');
  });

  it('uses the India calendar day, not UTC or the machine zone', () => {
    // 19:00 UTC on 1 February is 00:30 on 2 February in Kolkata (UTC+5:30).
    expect(formatDate('2025-02-01T19:00:00Z')).toBe('02/02/2025');
    expect(formatDate('2025-02-01T18:29:59Z')).toBe('01/02/2025');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDate(Date.UTC(2025, 0, 31, 12))).toBe('31/01/2025');
  });

  it('rejects what is not a date instead of printing "Invalid Date"', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('adds the 24-hour India time', () => {
    expect(formatDateTime('2025-02-01T19:00:00Z')).toBe('02/02/2025 00:30');
    expect(formatDateTime('2025-02-01T08:05:00Z')).toBe('01/02/2025 13:35');
  });
});
