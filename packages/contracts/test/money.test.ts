import { describe, expect, it } from 'vitest';
import { formatRupees, paiseOf, rupeesOf } from '../src/money.js';

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

describe('rupees and paise on the wire and in text', () => {
  it('turns paise into API rupees and back, exact to the paisa', () => {
    expect(rupeesOf(117882)).toBe(1178.82);
    expect(rupeesOf('117882')).toBe(1178.82);
    expect(paiseOf(1178.82)).toBe(117882);
    expect(paiseOf('0.29')).toBe(29);
    expect(paiseOf(rupeesOf(100001))).toBe(100001);
  });
});
