import { describe, expect, it } from 'vitest';
import { formatIndianMobile, indianMobileDigits, isIndianMobile } from '../src/format/phone.js';

describe('Indian mobile numbers', () => {
  it('accepts the ways people write them', () => {
    for (const written of [
      '9876543210',
      '+91 98765 43210',
      '+919876543210',
      '919876543210',
      '09876543210',
      '98765-43210',
      '(+91) 98765 43210',
    ]) {
      expect(indianMobileDigits(written), written).toBe('9876543210');
    }
  });

  it('rejects landlines, short numbers and numbers not starting 6 to 9', () => {
    for (const written of ['5876543210', '987654321', '98765432101', '+1 415 555 0100', '', 'call me']) {
      expect(isIndianMobile(written), written).toBe(false);
    }
  });

  it('formats as +91 and two groups of five', () => {
    expect(formatIndianMobile('09876543210')).toBe('+91 98765 43210');
    expect(formatIndianMobile('6000012345')).toBe('+91 60000 12345');
  });

  it('leaves anything else as it was typed', () => {
    expect(formatIndianMobile('+1 415 555 0100')).toBe('+1 415 555 0100');
  });
});
