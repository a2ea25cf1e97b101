import { describe, expect, it } from 'vitest';
import { type SavingsYear, savingsLines } from '../src/membership/membership-savings.js';
import { orderSavingLine } from '../src/shopping/order-saving.js';

// The member's savings in words (issue 39 item 2, decision 0156).

const year: SavingsYear = {
  first_day: '2026-11-28',
  last_day: '2027-11-27',
  orders_counted: 2,
  retail_paise: 4_099_000,
  paid_paise: 2_999_100,
  credit_paise: 99_900,
  saving_paise: 1_099_900,
  orders_without_retail: 1,
  orders_refunded: 0,
  fee_paise: 117_882,
  times_fee_saved: 9.3,
};

describe('the savings card', () => {
  it('says the year, what was saved and how, and how many times the fee is paid, in en-IN rupees', () => {
    expect(savingsLines(year)).toEqual({
      period: 'Your membership year: 28/11/2026 to 27/11/2027.',
      headline: '₹10,999.00 saved against retail',
      detail: 'You paid ₹29,991.00, after ₹999.00 of membership credit, for 2 orders whose recorded retail price came to ₹40,990.00.',
      fee: 'Your membership fee came to ₹1,178.82: it has paid for itself 9.3 times.',
      leftOut: ['1 order left out: no retail price was recorded for it.'],
    });
  });

  it('says once, a share of the fee, or more than retail, and when there is nothing to count', () => {
    expect(savingsLines({ ...year, times_fee_saved: 1 }).fee).toMatch(/paid for itself once\.$/);
    expect(savingsLines({ ...year, saving_paise: 58_941, times_fee_saved: 0.5 }).fee).toBe(
      'Your membership fee came to ₹1,178.82: your saving has covered 50% of it so far.',
    );
    const dearer = savingsLines({ ...year, saving_paise: -10_000, times_fee_saved: null, orders_refunded: 2 });
    expect(dearer.headline).toBe('₹100.00 more than retail');
    expect(dearer.fee).toBe('Your membership fee came to ₹1,178.82.');
    expect(dearer.leftOut).toContain('2 orders left out: refunded.');
    const none = savingsLines({ ...year, orders_counted: 0, saving_paise: 0, times_fee_saved: null, orders_without_retail: 0 });
    expect(none.headline).toBeUndefined();
    expect(none.detail).toBe('No paid order of this membership year has a recorded retail price yet, so there is no saving to show.');
    expect(none.leftOut).toEqual([]);
  });
});

describe("an order's saving", () => {
  const paid = {
    status: 'completed',
    amount_paise: 2_599_100,
    retail_price: { amount_paise: 3_499_000, recorded_at: '2026-11-19T20:00:00.000Z' },
    refund: null,
    refunds: [],
  };

  it('is measured against the recorded retail price with its Indian date, after credit', () => {
    expect(orderSavingLine(paid)).toBe('Retail price ₹34,990.00, as recorded on 20/11/2026: you saved ₹8,999.00.');
    expect(orderSavingLine({ ...paid, amount_paise: 3_600_000 })).toBe(
      'Retail price ₹34,990.00, as recorded on 20/11/2026: you paid ₹1,010.00 more.',
    );
  });

  it('is never shown without a recorded retail price, before payment, or once money went back', () => {
    expect(orderSavingLine({ ...paid, retail_price: null })).toBeUndefined();
    expect(orderSavingLine({ ...paid, status: 'pending' })).toBeUndefined();
    expect(orderSavingLine({ ...paid, status: 'cancelled' })).toBeUndefined();
    expect(orderSavingLine({ ...paid, refunds: [{ state: 'refunding' }] })).toBeUndefined();
    expect(orderSavingLine({ ...paid, refund: { state: 'refunded' } })).toBeUndefined();
    // A refund that failed gave nothing back.
    expect(orderSavingLine({ ...paid, refunds: [{ state: 'refund_failed' }] })).toBeDefined();
  });
});
