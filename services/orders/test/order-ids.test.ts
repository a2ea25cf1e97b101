import { orderKindOf } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { newOrderId } from '../src/commands/place-order.js';

describe('product order ids', () => {
  it('are minted so that /order knows them for product orders by the id alone', () => {
    const id = newOrderId();
    expect(id).toMatch(/^ORD-[0-9A-F]{12}$/);
    expect(orderKindOf(id)).toBe('product');
  });
});
