import { describe, expect, it } from 'vitest';
import {
  afterAsking,
  afterFailedCharge,
  asksGateway,
  chargeCheckPlanOf,
  chargeDate,
  cycleEnd,
  DEFAULT_MEMBERSHIP_PLAN,
  membershipPlanOf,
  paymentDeadline,
  renewalChargeOf,
  renewalPaymentId,
  renewalStart,
  shouldRenew,
  timeoutMinutes,
  wantsRenewal,
} from '../src/index.js';

/** The flows' pure decisions: the payment timeout (flows/payment-timeout.ts) and the membership cycle (flows/membership-cycle.ts). */
describe('the payment timeout', () => {
  const plan = { atRiskAfterSeconds: 720, timeoutAfterSeconds: 900 };

  it('times a payment out at 15 minutes', () => {
    const created = new Date('2026-11-22T10:00:00Z');
    expect(paymentDeadline(created, plan)).toEqual(new Date('2026-11-22T10:15:00Z'));
    expect(timeoutMinutes(plan)).toBe(15);
  });

  it.each([
    // phase, trigger -> ask the gateway
    ['pending', 'deadline', true],
    ['processing', 'deadline', true],
    ['failed', 'deadline', false],
    ['success', 'deadline', false],
    // A webhook, a poll or reconciliation asks even about a settled payment: its money may have come late.
    ['pending', 'gateway', true],
    ['failed', 'gateway', true],
    ['success', 'gateway', true],
  ] as const)('a %s payment on %s asks the gateway: %s', (phase, trigger, asks) => {
    expect(asksGateway(phase, trigger)).toBe(asks);
  });

  it.each([
    ['pending', 'deadline', 'paid', false, 'succeed'],
    ['pending', 'deadline', 'declined', false, 'fail_declined'],
    ['pending', 'deadline', 'unsettled', false, 'fail_timed_out'],
    ['processing', 'deadline', 'unsettled', true, 'fail_timed_out'],
    ['pending', 'gateway', 'unsettled', false, 'nothing'],
    ['pending', 'gateway', 'unsettled', true, 'mark_processing'],
    ['processing', 'gateway', 'unsettled', true, 'nothing'],
    ['processing', 'gateway', 'declined', false, 'fail_declined'],
    ['success', 'gateway', 'paid', false, 'nothing'],
    ['success', 'gateway', 'declined', false, 'nothing'],
    // A success after the payment was failed (its timeout came first) is reconciled, never lost.
    ['failed', 'gateway', 'paid', false, 'succeed_late'],
    ['failed', 'gateway', 'declined', false, 'nothing'],
  ] as const)('after asking: %s on %s, gateway %s (attempted %s) -> %s', (phase, trigger, verdict, attempted, move) => {
    expect(afterAsking(phase, trigger, { verdict, attempted })).toBe(move);
  });
});

describe('membership decisions', () => {
  it('ends a cycle on the same Indian date a year later', () => {
    // 23:30 IST on 31 Dec 2026 is 18:00 UTC.
    expect(cycleEnd(new Date('2026-12-31T18:00:00Z'), {})).toEqual(new Date('2027-12-31T18:00:00Z'));
    // 29 Feb 2028 in India becomes 28 Feb 2029.
    expect(cycleEnd(new Date('2028-02-29T06:00:00Z'), {})).toEqual(new Date('2029-02-28T06:00:00Z'));
    // 00:30 IST on 1 Mar 2027 is still 28 Feb in UTC: the Indian date counts.
    expect(cycleEnd(new Date('2027-02-28T19:00:00Z'), {})).toEqual(new Date('2028-02-29T19:00:00Z'));
    expect(cycleEnd(new Date('2026-01-01T00:00:00Z'), { periodSeconds: 60 })).toEqual(new Date('2026-01-01T00:01:00Z'));
  });

  it('sends the notice before the end and charges at least a day after the notice', () => {
    const end = new Date('2027-11-22T00:00:00Z');
    const now = new Date('2027-01-01T00:00:00Z');
    const notice = renewalStart(end, now, DEFAULT_MEMBERSHIP_PLAN);
    expect(notice).toEqual(new Date('2027-11-16T00:00:00Z'));
    expect(chargeDate(notice, DEFAULT_MEMBERSHIP_PLAN).getTime() - notice.getTime()).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(renewalStart(end, new Date('2027-11-21T00:00:00Z'), DEFAULT_MEMBERSHIP_PLAN)).toEqual(new Date('2027-11-21T00:00:00Z'));
  });

  it('retries a failed charge up to three times a day apart', () => {
    const failedAt = new Date('2027-11-19T01:00:00Z');
    expect(afterFailedCharge(1, failedAt, DEFAULT_MEMBERSHIP_PLAN)).toEqual({ retryAt: new Date('2027-11-20T01:00:00Z') });
    expect(afterFailedCharge(2, failedAt, DEFAULT_MEMBERSHIP_PLAN)).toEqual({ retryAt: new Date('2027-11-20T01:00:00Z') });
    expect(afterFailedCharge(3, failedAt, DEFAULT_MEMBERSHIP_PLAN)).toBe('give_up');
  });

  it('keys each charge by subscription, cycle and attempt', () => {
    expect(renewalPaymentId('MEM-ABC', 2, 1)).toBe('MEM-ABC-C2-A1');
    expect(new Set([renewalPaymentId('S', 1, 1), renewalPaymentId('S', 1, 2), renewalPaymentId('S', 2, 1)]).size).toBe(3);
  });

  it('renews only a live membership whose member wants it, and only the cycle that is running', () => {
    expect(shouldRenew('active', true)).toBe(true);
    expect(shouldRenew('active', false)).toBe(false);
    expect(shouldRenew('cancelled', true)).toBe(false);
    const running = { status: 'active', autoRenewal: true, cycle: 2, endDate: new Date() } as const;
    expect(wantsRenewal(running, 2)).toBe(true);
    expect(wantsRenewal(running, 1)).toBe(false);
    expect(wantsRenewal({ ...running, autoRenewal: false }, 2)).toBe(false);
  });

  it("reads a charge's cycle and attempt back from its id", () => {
    expect(renewalChargeOf(renewalPaymentId('MEM-ABC', 2, 3))).toEqual({ subscriptionId: 'MEM-ABC', cycle: 2, attempt: 3 });
    expect(renewalChargeOf('PAY-0123')).toBeUndefined();
  });

  it('takes its durations from the payments settings', () => {
    const settings = {
      MEMBERSHIP_PERIOD_SECONDS: 120,
      RENEWAL_LEAD_SECONDS: 100,
      RENEWAL_NOTICE_TO_CHARGE_SECONDS: 20,
      RENEWAL_RETRY_SECONDS: 10,
      RENEWAL_MAX_ATTEMPTS: 2,
      RENEWAL_CHECK_DELAY_SECONDS: 5,
    };
    expect(membershipPlanOf(settings)).toEqual({
      periodSeconds: 120,
      renewalLeadSeconds: 100,
      noticeToChargeSeconds: 20,
      retryIntervalSeconds: 10,
      maxChargeAttempts: 2,
    });
    expect(membershipPlanOf({ ...settings, MEMBERSHIP_PERIOD_SECONDS: undefined }).periodSeconds).toBeUndefined();
    expect(chargeCheckPlanOf(settings)).toEqual({ firstCheckDelaySeconds: 5, recheckSeconds: 3600, maxChecks: 72 });
    expect(chargeCheckPlanOf({ ...settings, RENEWAL_MAX_CHECKS: 4 }).maxChecks).toBe(4);
  });
});
