import { describe, expect, it } from 'vitest';
import { figure, pricePerMessage, whatsappCostLines } from '../src/pages/products/drop-alert-words.js';

/** The words of a drop's alert figures in the back office (issue 37 item 5, decision 0164). */
describe("a drop's alert figures, in words", () => {
  it('says a count the Indian way, or that the channel does not report it', () => {
    expect(figure(123456)).toBe('1,23,456');
    expect(figure(0)).toBe('0');
    expect(figure(null)).toBe('Not reported');
  });

  it("prices a message with its fraction of a paisa, and sums the drop's and the month's WhatsApp cost", () => {
    expect(pricePerMessage(86.31)).toBe('₹0.8631');
    expect(pricePerMessage(11.5)).toBe('₹0.115');
    expect(
      whatsappCostLines({
        dropCostPaise: 172_620,
        month: '2026-11',
        monthMessages: { MARKETING: 2000, UTILITY: 40 },
        monthCostPaise: 173_080,
        pricesPaise: { MARKETING: 86.31, UTILITY: 11.5 },
      }),
    ).toEqual([
      'This drop on WhatsApp: ₹1,726.20 (estimated)',
      'WhatsApp in 11/2026 so far: ₹1,730.80 (estimated) for 2,000 marketing and 40 utility messages',
      'Priced at ₹0.8631 a marketing and ₹0.115 a utility message delivered (WHATSAPP_PRICE_PAISE)',
    ]);
  });
});
