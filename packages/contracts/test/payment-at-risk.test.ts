import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  atRiskBeforeTimeout,
  atRiskCreationWindow,
  isPaymentAtRisk,
  paymentTimeoutSettings,
  paymentTimeoutsOf,
} from '../src/payment-at-risk.js';

const now = new Date('2026-11-26T10:00:00.000Z');
const SPEC = { atRiskAfterSeconds: 720, timeoutAfterSeconds: 900 };
const agedSeconds = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const pending = (seconds: number, purpose = 'product_order', status = 'pending') => ({ status, purpose, createdAt: agedSeconds(seconds) });

describe('the at-risk rule', () => {
  it('holds from the at-risk mark, included, until the timeout, excluded', () => {
    expect(isPaymentAtRisk(pending(719.999), now, SPEC)).toBe(false);
    expect(isPaymentAtRisk(pending(720), now, SPEC)).toBe(true);
    expect(isPaymentAtRisk(pending(899.999), now, SPEC)).toBe(true);
    expect(isPaymentAtRisk(pending(900), now, SPEC)).toBe(false);
  });

  it('follows the thresholds it is given, not the spec defaults', () => {
    const short = { atRiskAfterSeconds: 60, timeoutAfterSeconds: 120 };
    expect(isPaymentAtRisk(pending(90), now, short)).toBe(true);
    expect(isPaymentAtRisk(pending(780), now, short)).toBe(false);
    expect(isPaymentAtRisk(pending(30), now, short)).toBe(false);
  });

  it('counts pending and processing payments, for a membership or an order, never a settled one', () => {
    expect(isPaymentAtRisk(pending(800, 'membership', 'processing'), now, SPEC)).toBe(true);
    expect(isPaymentAtRisk(pending(800, 'membership'), now, SPEC)).toBe(true);
    for (const status of ['success', 'failed', 'refunded'])
      expect(isPaymentAtRisk(pending(800, 'product_order', status), now, SPEC)).toBe(false);
  });

  it('never counts a renewal charge, which the bank may keep pending for a day', () => {
    expect(isPaymentAtRisk(pending(800, 'renewal'), now, SPEC)).toBe(false);
    expect(isPaymentAtRisk(pending(800, 'renewal', 'processing'), now, SPEC)).toBe(false);
    expect(isPaymentAtRisk(pending(20 * 3600, 'renewal'), now, SPEC)).toBe(false);
  });

  it('reads ISO times as the read models send them', () => {
    expect(isPaymentAtRisk({ status: 'pending', purpose: 'membership', createdAt: agedSeconds(800).toISOString() }, now, SPEC)).toBe(true);
  });

  it('gives SQL the same range of creation times', () => {
    expect(atRiskCreationWindow(now, SPEC)).toEqual({ createdAfter: agedSeconds(900), createdBy: agedSeconds(720) });
  });
});

describe('the at-risk settings', () => {
  const schema = z.object(paymentTimeoutSettings).refine(...atRiskBeforeTimeout);

  it("default to the spec's 12 and 15 minutes", () => {
    expect(paymentTimeoutsOf(schema.parse({}))).toEqual(SPEC);
    expect(paymentTimeoutsOf(schema.parse({ PAYMENT_AT_RISK_SECONDS: '1', PAYMENT_TIMEOUT_SECONDS: '2' }))).toEqual({
      atRiskAfterSeconds: 1,
      timeoutAfterSeconds: 2,
    });
  });

  it('refuse an at-risk mark that is not before the timeout', () => {
    const result = schema.safeParse({ PAYMENT_AT_RISK_SECONDS: '900', PAYMENT_TIMEOUT_SECONDS: '900' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['PAYMENT_AT_RISK_SECONDS', 'must be less than PAYMENT_TIMEOUT_SECONDS'],
    ]);
  });
});
