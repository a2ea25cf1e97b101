import { describe, expect, it } from 'vitest';
import { membershipSavings, membershipYearDays, paidWithin, type SavingsOrder } from '../src/domain/savings.js';

// The savings arithmetic (issue 39 item 2, decision 0156).

const FEE = 117_882;
/** A membership that started at 10:00 in India on 15/11/2025 and ends a year later at the same time. */
const year = membershipYearDays(new Date('2025-11-15T04:30:00Z'), new Date('2026-11-15T04:30:00Z'));

function order(overrides: Partial<SavingsOrder> = {}): SavingsOrder {
  return {
    orderId: 'ORD-1',
    paidAt: new Date('2026-03-01T06:00:00Z'),
    pricePaise: 2_699_000,
    creditPaise: 0,
    paidPaise: 2_699_000,
    retailPaise: 3_499_000,
    retailRecordedAt: '2026-02-20T05:00:00.000Z',
    refunded: false,
    ...overrides,
  };
}

describe('the membership year in India', () => {
  it("runs from the start's Indian day up to the day its end falls on, which belongs to the next year", () => {
    expect(year).toEqual({ from: '2025-11-15', until: '2026-11-15' });
    // 23:59 and 00:00 in India on the year's last and next days (India is UTC+05:30).
    expect(paidWithin(new Date('2026-11-14T18:29:00Z'), year)).toBe(true);
    expect(paidWithin(new Date('2026-11-14T18:30:00Z'), year)).toBe(false);
    // The first day counts from its Indian midnight, even before the hour the membership started.
    expect(paidWithin(new Date('2025-11-14T18:30:00Z'), year)).toBe(true);
    expect(paidWithin(new Date('2025-11-14T18:29:00Z'), year)).toBe(false);
  });

  it('an Indian date differs from the UTC one: a year that starts at 02:00 in India starts on that Indian day', () => {
    const early = membershipYearDays(new Date('2025-11-14T20:30:00Z'), new Date('2026-11-14T20:30:00Z'));
    expect(early).toEqual({ from: '2025-11-15', until: '2026-11-15' });
  });
});

describe('what a membership year saved', () => {
  it('sums retail less what was paid over paid orders of the year, and the times the fee is saved, rounded down', () => {
    const savings = membershipSavings(
      [order(), order({ orderId: 'ORD-2', pricePaise: 500_000, paidPaise: 450_000, creditPaise: 50_000, retailPaise: 900_000 })],
      year,
      FEE,
    );
    expect(savings).toMatchObject({
      firstDay: '2025-11-15',
      lastDay: '2026-11-14',
      ordersCounted: 2,
      retailPaise: 4_399_000,
      paidPaise: 3_149_000,
      creditPaise: 50_000,
      savingPaise: 1_250_000,
      ordersWithoutRetail: 0,
      ordersRefunded: 0,
      feePaise: FEE,
    });
    // 12,500.00 / 1,178.82 = 10.60...: credit is part of what came back, since what was paid is after it.
    expect(savings.timesFeeSaved).toBe(10.6);
  });

  it('leaves out refunded orders, orders paid outside the year, and orders without a recorded retail price', () => {
    const savings = membershipSavings(
      [
        order(),
        order({ orderId: 'REFUNDED', refunded: true }),
        order({ orderId: 'LAST-YEAR', paidAt: new Date('2025-11-14T18:29:00Z') }),
        order({ orderId: 'NEXT-YEAR', paidAt: new Date('2026-11-14T18:30:00Z') }),
        order({ orderId: 'NO-RETAIL', retailPaise: null, retailRecordedAt: null }),
        order({ orderId: 'NO-DATE', retailRecordedAt: null }),
      ],
      year,
      FEE,
    );
    expect(savings).toMatchObject({ ordersCounted: 1, ordersRefunded: 1, ordersWithoutRetail: 2, savingPaise: 800_000 });
  });

  it('says so when orders cost more than retail, and gives no times for no saving or no fee', () => {
    const dearer = membershipSavings([order({ retailPaise: 2_000_000 })], year, FEE);
    expect(dearer).toMatchObject({ savingPaise: -699_000, timesFeeSaved: null });
    expect(membershipSavings([], year, FEE)).toMatchObject({ ordersCounted: 0, savingPaise: 0, timesFeeSaved: null });
    expect(membershipSavings([order()], year, 0).timesFeeSaved).toBeNull();
  });

  it('a saving of exactly the fee has paid for itself once', () => {
    const once = membershipSavings([order({ retailPaise: 2_699_000 + FEE })], year, FEE);
    expect(once.timesFeeSaved).toBe(1);
  });
});
