import { describe, expect, it } from 'vitest';
import { formatCount } from '../src/format/count.js';

describe('formatCount', () => {
  it('groups counts by thousand, then lakh', () => {
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(150_000)).toBe('1,50,000');
    expect(formatCount(999)).toBe('999');
  });
});
