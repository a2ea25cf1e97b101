import { describe, expect, it } from 'vitest';
import { addBusinessDays, addDays, expectedDeliveryDate, formatIndianDay, fulfilmentStepSchema, nextFulfilmentStep } from '../src/index.js';

describe('business days', () => {
  it('count Monday to Friday only', () => {
    // 2026-11-27 is a Friday.
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-23', 4)).toBe('2026-11-27');
    expect(addBusinessDays('2026-11-23', 7)).toBe('2026-12-02');
    // From a Saturday or a Sunday the first business day is the Monday.
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-29', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-12-30', 3)).toBe('2027-01-04');
  });

  it('and calendar days count every day', () => {
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2024-02-27', 2)).toBe('2024-02-29');
  });
});

describe('the expected delivery day', () => {
  it('is 2 + 7 business days after payment until the order ships, then 7 business days after shipping', () => {
    const paid = new Date('2026-11-23T06:00:00Z'); // Monday noon in India
    expect(expectedDeliveryDate(paid, null)).toBe('2026-12-04');
    expect(expectedDeliveryDate(paid, new Date('2026-11-24T06:00:00Z'))).toBe('2026-12-03');
  });

  it("counts from the day in India: a payment at 00:30 IST on Saturday is Saturday's", () => {
    // 2026-11-27T19:00Z is 00:30 on Saturday 28 November in India: Monday 30 is the first business day.
    expect(expectedDeliveryDate(new Date('2026-11-27T19:00:00Z'), null)).toBe(addBusinessDays('2026-11-28', 9));
    expect(expectedDeliveryDate(new Date('2026-11-27T18:00:00Z'), null)).toBe(addBusinessDays('2026-11-27', 9));
  });

  it('is written dd/mm/yyyy', () => {
    expect(formatIndianDay('2026-12-04')).toBe('04/12/2026');
  });
});

describe('a fulfilment step', () => {
  const shipped = {
    step: 'shipped',
    courier: 'Delhivery',
    awb_number: 'ee 123456789 in',
    tracking_url: 'https://www.delhivery.com/track/package/1',
  };

  it('goes paid, processing, shipped, delivered', () => {
    expect(['paid', 'processing', 'shipped', 'delivered'].map((step) => nextFulfilmentStep(step as never))).toEqual([
      'processing',
      'shipped',
      'delivered',
      undefined,
    ]);
  });

  it('keeps an AWB number in capitals without its spaces', () => {
    expect(fulfilmentStepSchema.parse(shipped)).toMatchObject({ awb_number: 'EE123456789IN' });
    expect(fulfilmentStepSchema.parse({ ...shipped, awb_number: 'D-1234-5678' })).toMatchObject({ awb_number: 'D12345678' });
  });

  it.each([
    ['an AWB number without a digit', { awb_number: 'ABCDEFGHIJ' }],
    ['an AWB number longer than 20', { awb_number: '1'.repeat(21) }],
    ['a tracking link over http', { tracking_url: 'http://www.delhivery.com/track' }],
    ['a tracking link with credentials', { tracking_url: 'https://user:pass@www.delhivery.com/track' }],
    ['a tracking link to no domain', { tracking_url: 'https://localhost/track' }],
    ['a one-letter courier', { courier: 'D' }],
  ])('refuses %s', (_, change) => {
    expect(fulfilmentStepSchema.safeParse({ ...shipped, ...change }).success).toBe(false);
  });
});
