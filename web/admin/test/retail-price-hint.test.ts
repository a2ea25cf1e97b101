import { describe, expect, it } from 'vitest';
import { bodyOf, emptyDraft, keepsSavedRetail, retailPriceHint, retailRecordedOn } from '../src/pages/products/product-form.js';

// The operator sees when the retail price members compare with was recorded (decisions 0156 and 0166).
describe('the retail price as the operator sees it', () => {
  // 20/11/2026 in India: 23:30 UTC on the 19th.
  const saved = { amazonPrice: 34990, amazonPriceRecordedAt: '2026-11-19T23:30:00.000Z' };

  it("dates the saved retail price in India's days, and nothing without a price or a date", () => {
    expect(retailRecordedOn(saved)).toBe('20/11/2026');
    expect(retailRecordedOn({ amazonPrice: null, amazonPriceRecordedAt: null })).toBeUndefined();
    expect(retailRecordedOn({ amazonPrice: 34990, amazonPriceRecordedAt: null })).toBeUndefined();
  });

  it('says the date while the price is as saved, that a new price takes the day of the save, and what no price means', () => {
    expect(retailPriceHint({ amazonPrice: '34990.00', amazonPriceChecked: false }, saved)).toBe(
      'Recorded on 20/11/2026. Members see this date beside the discount.',
    );
    expect(retailPriceHint({ amazonPrice: '32990', amazonPriceChecked: false }, saved)).toBe(
      "Saving records this price with today's date. Members see that date beside the discount.",
    );
    expect(retailPriceHint({ amazonPrice: '32990', amazonPriceChecked: false })).toBe(
      "Saving records this price with today's date. Members see that date beside the discount.",
    );
    expect(retailPriceHint({ amazonPrice: ' ', amazonPriceChecked: false }, saved)).toBe(
      'Without a retail price, members see no discount and no saving.',
    );
  });

  it('offers to check the saved price again only while it is as saved and dated, and then sends it to be recorded anew', () => {
    expect(keepsSavedRetail({ amazonPrice: '34990' }, saved)).toBe(true);
    expect(keepsSavedRetail({ amazonPrice: '32990' }, saved)).toBe(false);
    expect(keepsSavedRetail({ amazonPrice: '34990' }, { amazonPrice: 34990, amazonPriceRecordedAt: null })).toBe(false);
    expect(keepsSavedRetail({ amazonPrice: '34990' })).toBe(false);
    expect(retailPriceHint({ amazonPrice: '34990', amazonPriceChecked: true }, saved)).toBe(
      "Saving records this price with today's date. Members see that date beside the discount.",
    );
    const draft = { ...emptyDraft(), amazonPrice: '34990' };
    expect(draft.amazonPriceChecked).toBe(false);
    expect(bodyOf(draft)).not.toHaveProperty('amazonPriceChecked');
    expect(bodyOf({ ...draft, amazonPriceChecked: true })).toMatchObject({ amazonPrice: 34990, amazonPriceChecked: true });
    expect(bodyOf({ ...draft, amazonPrice: '', amazonPriceChecked: true })).not.toHaveProperty('amazonPriceChecked');
  });
});
