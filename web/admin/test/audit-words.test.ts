import { AUDIT_ACTIONS, auditActionWords } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { changesOf, fieldWords, recordLink, valueWords } from '../src/pages/audit/audit-words.js';

describe('the audit trail in words', () => {
  it('names every recorded action in words, and shows an unknown code as it is', () => {
    expect(auditActionWords('order.cancelled_out_of_stock')).toBe('Cancelled an order as out of stock');
    expect(auditActionWords('cron.trigger')).toBe('Ran a payment check');
    expect(Object.values(AUDIT_ACTIONS).every((words) => /^[A-Z][a-z]/.test(words) && !words.includes('_'))).toBe(true);
    expect(auditActionWords('catalog.reindex')).toBe('catalog.reindex');
  });

  it('names fields in words and shows values as an operator reads them: rupees, India time, Yes and No', () => {
    expect(fieldWords('fulfilment_step')).toBe('Fulfilment step');
    expect(fieldWords('amountPaise')).toBe('Amount');
    expect(fieldWords('isEnabled')).toBe('Enabled');
    // When a save recorded the retail price, or checked it again (decision 0166).
    expect(
      changesOf({ amazonPricePaise: 3_499_000 }, { amazonPricePaise: 3_499_000, amazonPriceRecordedAt: '2026-11-28T06:00:00.000Z' }),
    ).toEqual([{ field: 'Retail price recorded', before: '-', after: '28/11/2026 11:30' }]);
    expect(valueWords(134_910, 'amountPaise')).toBe('₹1,349.10');
    expect(valueWords('2026-11-27T18:45:00.000Z')).toBe('28/11/2026 00:15');
    expect(valueWords('2026-12-11')).toBe('11/12/2026');
    expect(valueWords(true)).toBe('Yes');
    expect(valueWords(null)).toBe('-');
    expect(valueWords([{ name: 'Kettle' }, { name: 'Hoodie' }])).toBe('Kettle, Hoodie');
  });

  it('lists only the fields a write changed, each with before and after', () => {
    const before = { status: 'completed', fulfilment_step: 'processing', refund_state: null };
    const after = { status: 'cancelled', fulfilment_step: null, refund_state: 'awaiting_choice', amountPaise: 134_910 };
    expect(changesOf(before, after)).toEqual([
      { field: 'Status', before: 'completed', after: 'cancelled' },
      { field: 'Fulfilment step', before: 'processing', after: '-' },
      { field: 'Refund state', before: '-', after: 'awaiting_choice' },
      { field: 'Amount', before: '-', after: '₹1,349.10' },
    ]);
    expect(changesOf({ isEnabled: true }, { isEnabled: false })).toEqual([{ field: 'Enabled', before: 'Yes', after: 'No' }]);
    // A product edited: a nested record's fields are named under it; what did not change is left out.
    expect(changesOf({ product: { name: 'Kettle', price: 999 } }, { product: { name: 'Kettle', price: 1099 } })).toEqual([
      { field: 'Product: price', before: '999', after: '1,099' },
    ]);
    expect(changesOf(null, { label: 'Diwali drop' })).toEqual([{ field: 'Label', before: '-', after: 'Diwali drop' }]);
  });

  it('links each record to the page that shows it', () => {
    expect(recordLink('order.shipped', 'ORD-1A2B3C4D5E6F')).toEqual({
      href: '/admin/orders?search=ORD-1A2B3C4D5E6F',
      label: 'Order ORD-1A2B3C4D5E6F',
    });
    expect(recordLink('exchange.approved', 'ORD-1A2B3C4D5E6F-X1')?.href).toBe('/admin/orders?search=ORD-1A2B3C4D5E6F');
    expect(recordLink('product.update', 'PRD-9')?.href).toBe('/admin/products?search=PRD-9');
    expect(recordLink('drop.cancel', 'DROP-1')?.href).toBe('/admin/products?tab=drops');
    expect(recordLink('invitation.create', 'ELTS-ABC')).toBeUndefined();
  });
});
