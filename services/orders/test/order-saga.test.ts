import { COPY } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { backstopMove, failureOf, REFUND_REASON, saleRefusal, successNeeds } from '../src/flows/order-saga.js';

/** The order saga's decisions (flows/order-saga.ts), without a database or partners. */
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

  it('completes an open order as it is, and makes a late payment take back its place, credit and stock', () => {
    const rules = { oneOfEach: true, creditPaise: 5_000 };
    expect(successNeeds({ status: 'pending', refunded: false }, rules)).toEqual({ settle: true, place: false, credit: false });
    for (const status of ['failed', 'cancelled'] as const)
      expect(successNeeds({ status, refunded: false }, rules)).toEqual({ settle: true, place: true, credit: true });
    expect(successNeeds({ status: 'failed', refunded: false }, { oneOfEach: false, creditPaise: 0 })).toEqual({
      settle: true,
      place: false,
      credit: false,
    });
    // A payment for an order already completed, or refunded, changes nothing.
    expect(successNeeds({ status: 'completed', refunded: false }, rules).settle).toBe(false);
    expect(successNeeds({ status: 'failed', refunded: true }, rules).settle).toBe(false);
    // Nor for one an operator cancelled as out of stock after it was paid (docs/decisions/0024).
    expect(successNeeds({ status: 'cancelled', refunded: false, cancelledAfterPayment: true }, rules).settle).toBe(false);
    expect(Object.values(REFUND_REASON)).toHaveLength(3);
  });

  it('has the backstop give back what an unrecorded order took, and ask about a pending one only', () => {
    expect(backstopMove(undefined)).toBe('give_back');
    expect(backstopMove({ status: 'pending' })).toBe('ask_payment');
    expect(backstopMove({ status: 'completed' })).toBe('nothing');
    expect(backstopMove({ status: 'failed' })).toBe('nothing');
  });
});
