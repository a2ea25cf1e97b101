import { describe, expect, it } from 'vitest';
import { formatCount } from '../src/format/count.js';
import { formatRupees } from '../src/format/money.js';

describe('formatRupees', () => {
  it('shows paise as rupees with two decimals', () => {
    expect(formatRupees(117882)).toBe('₹1,178.82');
    expect(formatRupees(99900)).toBe('₹999.00');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(0)).toBe('₹0.00');
  });

  it('groups by lakh and crore, the Indian way', () => {
    expect(formatRupees(10000000)).toBe('₹1,00,000.00');
    expect(formatRupees(1234567890)).toBe('₹1,23,45,678.90');
  });

  it('has a whole-rupee variant for admin tables, rounding half up', () => {
    expect(formatRupees(117882, { decimals: false })).toBe('₹1,179');
    expect(formatRupees(10000000, { decimals: false })).toBe('₹1,00,000');
    expect(formatRupees(149, { decimals: false })).toBe('₹1');
  });

  it('shows refunds as negative amounts', () => {
    expect(formatRupees(-17982)).toBe('-₹179.82');
  });

  it('refuses fractions of a paisa, which would mean the caller passed rupees', () => {
    expect(() => formatRupees(11.5)).toThrow(RangeError);
  });
});

describe('formatCount', () => {
  it('groups counts by thousand, then lakh', () => {
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(150_000)).toBe('1,50,000');
    expect(formatCount(999)).toBe('999');
  });
});
