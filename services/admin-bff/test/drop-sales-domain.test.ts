import { describe, expect, it } from 'vitest';
import { type DropHourSums, dropSales, sellThrough } from '../src/domain/drop-sales.js';

// How a drop sold, from the read model's sums per product and hour (issue 39 item 1, the Drops chart; decision 0170).
// The rules the catalogue's movement log was first read with (decision 0166), kept over the sums that replaced it.
const HOUR = 3_600_000;
const opensAt = new Date('2026-11-27T18:30:00Z'); // Friday midnight in India
const closesAt = new Date(opensAt.getTime() + 48 * HOUR);
const at = (hours: number) => new Date(opensAt.getTime() + hours * HOUR);
/** One product's sums in one hour of the drop (-1: everything before it opened). */
const sums = (productId: string, hour: number, onHand: number, sold = 0, received = Math.max(0, onHand)): DropHourSums => ({
  productId,
  hour,
  onHand,
  received,
  sold,
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
      sums: [
        sums('KETTLE', -1, 10, 4), // received before, and 4 sold before the drop (an earlier sale): not offered in this one
        sums('KETTLE', 0, 0, 2),
        sums('KETTLE', 5, 2, 0, 3), // a restock of 3 and an adjustment of 1 down in one hour: the 3 are offered
        sums('KETTLE', 47, 0, 1),
        sums('FLASK', -1, 5),
        sums('OTHER', 1, 0, 9), // not one of the drop's products
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
    expect(dropSales({ opensAt, closesAt, products, now: at(2.2), sums: [sums('FLASK', 2, 0, 1)] }).hours).toHaveLength(3);
    const before = dropSales({ opensAt, closesAt, products, now: at(-1), sums: [sums('FLASK', -1, 5)] });
    expect(before.hours).toEqual([]);
    expect(before).toMatchObject({ offered: 5, sold: 0 });
  });

  it('rounds sell-through down and gives none when nothing was offered', () => {
    expect([sellThrough(2, 3), sellThrough(3, 3), sellThrough(0, 0)]).toEqual([66, 100, null]);
  });
});
