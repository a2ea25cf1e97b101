import { describe, expect, it } from 'vitest';
import { dropSales, type StockMove, sellThrough } from '../src/domain/drop-sales.js';

// How a drop sold, from the stock movement log (issue 39 item 1, the Drops chart).
const HOUR = 3_600_000;
const opensAt = new Date('2026-11-27T18:30:00Z'); // Friday midnight in India
const closesAt = new Date(opensAt.getTime() + 48 * HOUR);
const at = (hours: number) => new Date(opensAt.getTime() + hours * HOUR);
const move = (productId: string, hours: number, onHandDelta: number, soldDelta = 0): StockMove => ({
  productId,
  at: at(hours),
  onHandDelta,
  soldDelta,
});
const products = [
  { id: 'FLASK', name: 'Flask' },
  { id: 'KETTLE', name: 'Kettle' },
];

describe('how a drop sold', () => {
  it('offers what was in stock and unsold at the opening and what came in while it ran; sells what was paid in it', () => {
    const sales = dropSales({
      opensAt,
      closesAt,
      products,
      now: at(60),
      moves: [
        move('KETTLE', -30, 10), // received before
        move('KETTLE', -2, 0, 4), // sold before the drop (an earlier sale): not offered in this one
        move('KETTLE', 0.5, 0, 2),
        move('KETTLE', 5, 3), // a restock during the drop
        move('KETTLE', 5.5, -1), // an adjustment down during it is not counted off what was offered
        move('KETTLE', 47.99, 0, 1),
        move('KETTLE', 48, 0, 5), // at the close: after it
        move('FLASK', -1, 5),
        move('OTHER', 1, 0, 9), // not one of the drop's products
      ],
    });
    expect(sales.hours).toHaveLength(48);
    expect(sales.hours[0]).toEqual({ start: opensAt, sold: 2, soldSoFar: 2 });
    expect(sales.hours[47]).toEqual({ start: at(47), sold: 1, soldSoFar: 3 });
    // The best seller first, whatever order the products came in.
    expect(sales.products).toEqual([
      { id: 'KETTLE', name: 'Kettle', offered: 9, sold: 3, sellThroughPercent: 33 },
      { id: 'FLASK', name: 'Flask', offered: 5, sold: 0, sellThroughPercent: 0 },
    ]);
    expect(sales).toMatchObject({ offered: 14, sold: 3 });
  });

  it('counts hours only to now while it runs, and none before it opens', () => {
    expect(dropSales({ opensAt, closesAt, products, now: at(2.2), moves: [move('FLASK', 2.1, 0, 1)] }).hours).toHaveLength(3);
    const before = dropSales({ opensAt, closesAt, products, now: at(-1), moves: [move('FLASK', -3, 5)] });
    expect(before.hours).toEqual([]);
    expect(before).toMatchObject({ offered: 5, sold: 0 });
  });

  it('rounds sell-through down and gives none when nothing was offered', () => {
    expect([sellThrough(2, 3), sellThrough(3, 3), sellThrough(0, 0)]).toEqual([66, 100, null]);
  });
});
