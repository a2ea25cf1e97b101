import type { ExchangeView } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { whatsNext } from '../src/shopping/whats-next.js';
import { fulfilmentView } from './fulfilment-view.js';

const fulfilment = (change: Parameters<typeof fulfilmentView>[0]) => fulfilmentView({ expected_delivery_on: '2026-12-08', ...change });

const exchange = (change: Partial<ExchangeView>): ExchangeView => ({
  exchange_id: 'ORD-1A2B3C4D5E6F-X1',
  order_id: 'ORD-1A2B3C4D5E6F',
  state: 'requested',
  reason: 'damaged',
  note: 'The lid arrived cracked.',
  requested_at: '2026-11-29T05:00:00Z',
  decided_at: null,
  refusal_reason: null,
  product: { id: 'PRD-1', name: 'Travel Kettle', brand: 'Prestige', images: [], price: 1499 },
  ships_by: null,
  replacement: null,
  refund: null,
  ...change,
});

// Issue 34: "What's Next" said the same three things whatever happened to the order.
describe("the order page's What's Next", () => {
  it('keeps the spec’s three lines for a paid order not yet processed', () => {
    expect(whatsNext({ fulfilment: fulfilment({}) })).toEqual([
      'You will receive an order confirmation by email.',
      'Your order will be processed within 1-2 business days.',
      'Shipping updates will be sent to your registered mobile number.',
    ]);
  });

  it('follows the order through processing, shipping and delivery, with its own courier and days', () => {
    expect(whatsNext({ fulfilment: fulfilment({ step: 'processing' }) })).toEqual([
      'We are preparing your order for the courier.',
      'When it ships, we send the courier and tracking details by email and to your registered mobile number.',
      'Expect it by 08/12/2026.',
    ]);
    expect(whatsNext({ fulfilment: fulfilment({ step: 'shipped', courier: 'Blue Dart' }) })).toEqual([
      'Your order is on its way with Blue Dart.',
      'Expect it by 08/12/2026.',
      'We will tell you by email and text message when it is delivered.',
    ]);
    const delivered = fulfilment({ step: 'delivered', delivered_on: '2026-11-28', expected_delivery_on: null });
    expect(whatsNext({ fulfilment: delivered, exchange: { available_until: '2026-12-05' } })).toEqual([
      'Your order was delivered on 28/11/2026. We hope you enjoy it.',
      'Something wrong with it? Ask for an exchange above, by 05/12/2026.',
    ]);
    expect(whatsNext({ fulfilment: delivered, exchange: { available_until: null } })).toEqual([
      'Your order was delivered on 28/11/2026. We hope you enjoy it.',
    ]);
  });

  it('speaks of the exchange while it is under way', () => {
    const delivered = fulfilment({ step: 'delivered', delivered_on: '2026-11-28' });
    const next = (change: Partial<ExchangeView>) => whatsNext({ fulfilment: delivered, exchanges: [exchange(change)] });
    expect(next({})).toEqual(['We have your exchange request and will mail you our decision.']);
    expect(next({ state: 'approved', ships_by: '2026-12-13' })[0]).toBe('Your exchange is approved: the replacement ships by 13/12/2026.');
    expect(
      next({
        state: 'replacement_shipped',
        replacement: { shipment: 2, fulfilment: fulfilment({ step: 'shipped', expected_delivery_on: '2026-12-10' }) },
      }),
    ).toEqual([
      'Your replacement is on its way.',
      'Expect it by 10/12/2026.',
      'We will tell you by email and text message when it is delivered.',
    ]);
    expect(next({ state: 'refused', refusal_reason: 'The photo shows no damage.' })).toEqual([
      'We could not approve your exchange request.',
      'Our reason: The photo shows no damage.',
    ]);
    // Once the replacement is delivered, the order's own delivery speaks again.
    expect(next({ state: 'delivered' })[0]).toBe('Your order was delivered on 28/11/2026. We hope you enjoy it.');
  });
});
