import { describe, expect, it } from 'vitest';
import { creditLines, paidDaysLeft, revokeGivesUp } from '../src/membership/membership-credit.js';

// The membership year ends at 18:30 UTC on 30 November 2026: midnight of 1 December in India.
const END = '2026-11-30T18:30:00.000Z';

describe("the member's credit and what revoking gives up", () => {
  it('counts the paid days left on India’s calendar, none once the year has ended', () => {
    // 10:00 on 1 November in India.
    expect(paidDaysLeft(END, new Date('2026-11-01T04:30:00Z'))).toBe(30);
    // 23:59 on 30 November in India: one day left; 00:01 on 1 December: none.
    expect(paidDaysLeft(END, new Date('2026-11-30T18:29:00Z'))).toBe(1);
    expect(paidDaysLeft(END, new Date('2026-11-30T18:31:00Z'))).toBe(0);
    expect(paidDaysLeft(null, new Date())).toBe(0);
  });

  it('says the paid days and the credit a revocation gives up, only what there is', () => {
    const now = new Date('2026-11-01T04:30:00Z');
    expect(revokeGivesUp(END, 99_900, now)).toBe(
      'You give up the 30 paid days left of your membership (to 01/12/2026) and your membership credit of ₹999.00.',
    );
    expect(revokeGivesUp(END, 0, now)).toBe('You give up the 30 paid days left of your membership (to 01/12/2026).');
    expect(revokeGivesUp(END, 12_345, new Date('2026-11-30T18:29:00Z'))).toBe(
      'You give up the 1 paid day left of your membership (to 01/12/2026) and your membership credit of ₹123.45.',
    );
    expect(revokeGivesUp(END, 0, new Date('2026-12-02T00:00:00Z'))).toBeUndefined();
  });

  it('says what the credit buys: a tenth of each order, the whole balance from ten times it', () => {
    expect(creditLines(99_900, END)).toEqual({
      balance: '₹999.00',
      expires: 'Use it until 01/12/2026, when your membership year ends.',
      buys: "It pays up to 10% of each order's price: all of it on an order of ₹9,990.00 or more.",
    });
    // ₹0.05 is a tenth of ₹0.50; a balance of 3 paise is all taken from an order of 30 paise.
    expect(creditLines(3, null).buys).toBe("It pays up to 10% of each order's price: all of it on an order of ₹0.30 or more.");
    expect(creditLines(0, END).buys).toBe("You have used this year's credit. Your next membership year brings ₹999.00 more.");
  });
});
