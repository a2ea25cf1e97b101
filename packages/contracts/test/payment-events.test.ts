import { describe, expect, it } from 'vitest';
import { paymentsEvents } from '../src/events/payments.js';
import { paymentInitiatedEvent } from '../src/testing/event-builders.js';

/** Decision 0043 retired the workflow's at-risk mark: the payments history recorded before it must still read. */
describe('payment events recorded before the at-risk mark was retired', () => {
  const { data: v2 } = paymentInitiatedEvent('PAY-OLD', { timeoutAt: '2026-11-22T10:15:00.000Z' });
  const initiatedV1 = { ...v2, atRiskAt: '2026-11-22T10:12:00.000Z' };

  it('read a PaymentInitiated of version 1 as version 2, without its at-risk time', () => {
    expect(paymentsEvents.decode('PaymentInitiated', 1, initiatedV1)).toEqual(v2);
    expect(paymentsEvents.currentVersion('PaymentInitiated')).toBe(2);
  });

  it('still read a stored PaymentAtRisk, and refuse to record a new one', () => {
    expect(paymentsEvents.decode('PaymentAtRisk', 1, { paymentId: 'PAY-OLD', minutesPending: 12 })).toEqual({
      paymentId: 'PAY-OLD',
      minutesPending: 12,
    });
    expect(() => paymentsEvents.encode('PaymentAtRisk', { paymentId: 'PAY-OLD', minutesPending: 12 })).toThrow(/retired/);
  });
});
