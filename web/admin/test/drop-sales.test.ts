import { describe, expect, it } from 'vitest';
import { type DropSalesAnswer, dropSalesWords, hourLabel, hourSentence, soldOfOffered } from '../src/charts/drop-sales-words.js';

// The Drops chart's words (issue 39 item 1): India's dates and times, units sold against offered, and why it is empty.
const answer: DropSalesAnswer = {
  drop: { id: 'DRP-1', label: 'Diwali drop', opensAt: '2026-11-27T18:30:00.000Z', closesAt: '2026-11-29T18:30:00.000Z' },
  offered: 14,
  sold: 5,
  hours: [
    { start: '2026-11-27T18:30:00.000Z', sold: 2, soldSoFar: 2 },
    { start: '2026-11-27T19:30:00.000Z', sold: 3, soldSoFar: 5 },
  ],
  products: [{ id: 'P1', name: 'Kettle', offered: 9, sold: 5, sellThroughPercent: 55 }],
};

describe('the Drops chart in words', () => {
  it('names hours in India time and says sold against offered, rounded down', () => {
    expect(hourLabel('2026-11-27T18:30:00.000Z')).toBe('28/11/2026 00:00 to 01:00');
    expect(hourSentence(answer.hours[1]!, 14)).toBe('28/11/2026 01:00 to 02:00: 3 sold, 5 so far of 14 units offered');
    expect(soldOfOffered(1, 1, 100)).toBe('1 of 1 unit sold (100%)');
    expect(dropSalesWords(answer)).toEqual({
      title: 'How Diwali drop sold',
      period: '28/11/2026 00:00 to 30/11/2026 00:00',
      summary: '5 of 14 units sold (35%)',
      nothing: undefined,
    });
  });

  it('says why there is nothing to draw: no products, not open yet, nothing sold', () => {
    expect(dropSalesWords({ ...answer, products: [] }).nothing).toBe('No product was on sale in Diwali drop: there is nothing to draw.');
    expect(dropSalesWords({ ...answer, hours: [], sold: 0 }).nothing).toBe(
      'Diwali drop opens at 28/11/2026 00:00: nothing has sold yet, so there is nothing to draw.',
    );
    expect(dropSalesWords({ ...answer, sold: 0 }).nothing).toBe(
      'Nothing sold in Diwali drop so far (14 units offered): there is nothing to draw.',
    );
  });
});
