import { COPY } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import {
  backstopMove,
  failureOf,
  payUntil,
  REFUND_REASON,
  reservedUntil,
  saleRefusal,
  successMove,
} from '../src/processes/order-saga/decider.js';

/** The order saga's decisions (processes/order-saga/decider.ts), without a database or partners. */
describe('the order saga', () => {
  const now = new Date('2026-11-26T10:00:00Z');

  it('sells only inside the sale window', () => {
    expect(saleRefusal({ saleStartAt: null, saleEndAt: null }, now)).toBeUndefined();
    expect(saleRefusal({ saleStartAt: '2026-11-26T10:00:01Z', saleEndAt: null }, now)).toBe(
      'The sale for this product has not started yet.',
    );
    expect(saleRefusal({ saleStartAt: '2026-11-26T09:00:00Z', saleEndAt: '2026-11-26T10:00:00Z' }, now)).toBe('Sale Ended');
    expect(saleRefusal({ saleStartAt: '2026-11-26T09:00:00Z', saleEndAt: '2026-11-26T10:00:01Z' }, now)).toBeUndefined();
  });

  it('cancels an order whose payment the shopper called off, and says when one timed out', () => {
    expect(failureOf({ cancelled: true, autoFailed: false, failureReason: 'Payment cancelled by the customer' })).toEqual({
      stage: 'cancelled',
      reason: COPY.orderPage.cancelled,
    });
    expect(failureOf({ autoFailed: true, failureReason: 'Payment timed out after 15 minutes' })).toEqual({
      stage: 'timeout',
      reason: 'Payment timed out after 15 minutes',
    });
    expect(failureOf({ autoFailed: false, failureReason: null })).toEqual({ stage: 'payment', reason: 'Payment failed' });
  });

  it('completes an open order, and refunds a payment for an order given up, never selling it again', () => {
    expect(successMove({ status: 'pending', refunded: false })).toBe('complete');
    // Failed (time to pay over, payment failed) or cancelled by the member: the unit went back, so the money does too.
    for (const status of ['failed', 'cancelled'] as const) expect(successMove({ status, refunded: false })).toBe('refund');
    // A payment for an order already completed, or refunded, changes nothing.
    expect(successMove({ status: 'completed', refunded: false })).toBe('nothing');
    expect(successMove({ status: 'failed', refunded: true })).toBe('nothing');
    // Nor for one an operator cancelled as out of stock after it was paid (docs/decisions/0024).
    expect(successMove({ status: 'cancelled', refunded: false, cancelledAfterPayment: true })).toBe('nothing');
    expect(REFUND_REASON.givenUp).toMatch(/given up/);
  });

  it('offers Pay now and Cancel on an unpaid reservation until its time to pay ends', () => {
    const until = reservedUntil(now, 15);
    expect(until.toISOString()).toBe('2026-11-26T10:15:00.000Z');
    expect(payUntil({ status: 'pending', reservedUntil: until }, now)).toEqual(until);
    expect(payUntil({ status: 'pending', reservedUntil: until }, until)).toBeNull();
    expect(payUntil({ status: 'completed', reservedUntil: until }, now)).toBeNull();
    expect(payUntil({ status: 'cancelled', reservedUntil: until }, now)).toBeNull();
    // An order from before reservations opened its payment at once: neither is offered.
    expect(payUntil({ status: 'pending', reservedUntil: null }, now)).toBeNull();
  });

  it('has the backstop give back what an unrecorded order took, and ask about a pending one only', () => {
    expect(backstopMove(undefined)).toBe('give_back');
    expect(backstopMove({ status: 'pending' })).toBe('ask_payment');
    expect(backstopMove({ status: 'completed' })).toBe('nothing');
    expect(backstopMove({ status: 'failed' })).toBe('nothing');
  });
});
