import { ApiError } from '@elts/ui';
import { describe, expect, it } from 'vitest';
import { orderHistoryError } from '../src/api/orders.js';
import { rememberOrder } from '../src/shopping/checkout.js';
import {
  cardTitle,
  discountPercent,
  lowStockNote,
  originalPriceLabel,
  priceLabel,
  retailPrice,
  saleClock,
} from '../src/shopping/deal-display.js';
import { deliveryComplete, payerNames, prefillDelivery } from '../src/shopping/order-prefill.js';
import { outcomeOf } from '../src/shopping/ProductOrderStatus.js';
import { timeLeftToPay } from '../src/shopping/ReservationActions.js';

const at = Date.parse('2026-11-20T10:00:00Z');
const iso = (offsetMs: number) => new Date(at + offsetMs).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('deal cards', () => {
  it('cuts titles at 60 characters', () => {
    const long = 'Samsung Galaxy S24 5G (8 GB RAM, 256 GB, Onyx Black) with a long name';
    expect(cardTitle(long)).toBe(`${long.slice(0, 60).trimEnd()}...`);
    expect(cardTitle('Sony Headphones')).toBe('Sony Headphones');
    expect(cardTitle('x'.repeat(60))).toBe('x'.repeat(60));
  });

  it('shows en-IN rupees and the discount from the original price', () => {
    const product = { price: 26990, amazonPrice: 34990, amazonPriceRecordedAt: '2026-11-19T20:00:00.000Z' };
    expect(priceLabel(product)).toBe('₹26,990.00');
    expect(priceLabel({ price: 1, pricePaise: 12_345_600 })).toBe('₹1,23,456.00');
    expect(originalPriceLabel(product)).toBe('₹34,990.00');
    expect(discountPercent(product)).toBe(23);
    expect(discountPercent({ price: 500, amazonPrice: null })).toBeUndefined();
    expect(discountPercent({ price: 500, amazonPrice: 400 })).toBeUndefined();
    expect(originalPriceLabel({ price: 500, amazonPrice: 500 })).toBeUndefined();
  });

  it('shows no discount and no retail price that the operator did not record with its date (decision 0156)', () => {
    const undated = { price: 26990, amazonPrice: 34990, amazonPriceRecordedAt: null };
    expect(discountPercent(undated)).toBeUndefined();
    expect(originalPriceLabel(undated)).toBeUndefined();
    expect(retailPrice(undated)).toBeUndefined();
    expect(discountPercent({ price: 26990, amazonPrice: 34990 })).toBeUndefined();
    // The date is India's: 01:30 on 20/11/2026 there.
    expect(retailPrice({ price: 26990, amazonPrice: 34990, amazonPriceRecordedAt: '2026-11-19T20:00:00.000Z' })).toEqual({
      label: '₹34,990.00',
      recorded: 'Retail price as recorded on 20/11/2026',
    });
  });

  it("says 'Only N left!' for 1 to 5 units only", () => {
    expect([0, 1, 5, 6].map(lowStockNote)).toEqual([undefined, 'Only 1 left!', 'Only 5 left!', undefined]);
  });
});

describe('the sale clock', () => {
  it('counts down to the start in days, hours and minutes, and cannot be bought yet', () => {
    const clock = saleClock({ saleStartAt: iso(2 * DAY + 3 * HOUR + 4 * MIN + 59_000), saleEndAt: iso(4 * DAY), stock: 3 }, at);
    expect(clock).toEqual({ state: 'upcoming', timer: 'Sale starts in 2d 3h 4m', action: 'Sale starts in 2d 3h 4m', buyable: false });
  });

  it('counts down to the end with seconds while on sale', () => {
    const clock = saleClock({ saleStartAt: iso(-HOUR), saleEndAt: iso(DAY + 2 * HOUR + 3 * MIN + 4000), stock: 3 }, at);
    expect(clock).toEqual({ state: 'open', timer: 'Sale ends in 1d 2h 3m 4s', action: 'Buy Now', buyable: true });
    expect(saleClock({ saleStartAt: null, saleEndAt: null, stock: 1 }, at)).toEqual({ state: 'open', action: 'Buy Now', buyable: true });
  });

  it("reads 'Sale Ended' from the end instant on, and 'Out of Stock' with nothing left", () => {
    expect(saleClock({ saleStartAt: iso(-DAY), saleEndAt: iso(0), stock: 3 }, at)).toMatchObject({ action: 'Sale Ended', buyable: false });
    expect(saleClock({ saleStartAt: iso(-DAY), saleEndAt: iso(DAY), stock: 0 }, at)).toMatchObject({
      state: 'sold-out',
      action: 'Out of Stock',
      buyable: false,
    });
  });
});

describe('the order prefill', () => {
  it("reads the profile's fields and then its aliases", () => {
    expect(
      prefillDelivery({ firstname: 'Asha', lastname: 'Rao', mobile: '9876543210', address: '12 MG Road', pincode: 403001, state: 'goa' }),
    ).toEqual({ name: 'Asha Rao', phone: '9876543210', address: '12 MG Road', city: '', state: 'Goa', pincode: '403001' });
    expect(
      prefillDelivery({
        name: 'Ravi Kumar',
        phoneNumber: '9123456780',
        fullAddress: '4 Residency Road',
        zipCode: '560025',
        city: 'Bengaluru',
        state: 'Atlantis',
      }),
    ).toEqual({ name: 'Ravi Kumar', phone: '9123456780', address: '4 Residency Road', city: 'Bengaluru', state: '', pincode: '560025' });
    expect(prefillDelivery(undefined)).toEqual({ name: '', phone: '', address: '', city: '', state: '', pincode: '' });
  });

  it('needs every delivery detail', () => {
    const form = { name: 'A', phone: '9', address: 'x', city: 'c', state: 'Goa', pincode: '403001' };
    expect(deliveryComplete(form)).toBe(true);
    expect(deliveryComplete({ ...form, city: '  ' })).toBe(false);
  });

  it('names the payer from the profile, else from the delivery name', () => {
    expect(payerNames({ firstname: 'Asha', lastname: 'Rao' }, 'Someone Else')).toEqual({ first_name: 'Asha', last_name: 'Rao' });
    expect(payerNames({}, 'Ravi  Kumar Singh')).toEqual({ first_name: 'Ravi', last_name: 'Kumar Singh' });
  });
});

describe('checkout', () => {
  it("counts down a reservation's time to pay in minutes and seconds, and stops at nothing", () => {
    const until = '2026-11-28T18:45:00.000Z';
    const at = (iso: string) => new Date(iso).getTime();
    expect(timeLeftToPay(until, at('2026-11-28T18:30:00.000Z'))).toBe('15:00');
    expect(timeLeftToPay(until, at('2026-11-28T18:44:00.500Z'))).toBe('1:00');
    expect(timeLeftToPay(until, at('2026-11-28T18:44:51.000Z'))).toBe('0:09');
    expect(timeLeftToPay(until, at('2026-11-28T18:46:00.000Z'))).toBe('0:00');
  });

  it('remembers the order for /order as a product order', () => {
    const stored = new Map<string, string>();
    rememberOrder('ORD-1', { setItem: (key, value) => stored.set(key, value) });
    expect(Object.fromEntries(stored)).toEqual({ current_order_id: 'ORD-1', order_type: 'product' });
  });
});

describe('the order page outcome', () => {
  it('maps statuses to the three states of the spec', () => {
    expect(['success', 'COMPLETED', 'active'].map(outcomeOf)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(['failed', 'cancelled', 'error'].map(outcomeOf)).toEqual(['failed', 'failed', 'failed']);
    expect(['pending', 'processing', null, ''].map(outcomeOf)).toEqual(['processing', 'processing', 'processing', 'processing']);
  });
});

describe('the Orders section errors', () => {
  it("uses the spec's words for each way the history can fail", () => {
    expect(orderHistoryError(new ApiError('Unauthorized', 401))).toBe('Session expired. Please login again.');
    expect(orderHistoryError(new ApiError('Request failed (502)', 502))).toBe('Failed to fetch orders');
    expect(orderHistoryError(new ApiError('page must be 1 or more', 400))).toBe('page must be 1 or more');
    expect(orderHistoryError(new Error('no session'))).toBe('Please login to view your orders');
    expect(orderHistoryError(new TypeError('Failed to fetch'))).toBe('Failed to load orders. Please try again.');
  });
});
