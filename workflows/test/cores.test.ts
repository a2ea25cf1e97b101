import { describe, expect, it } from 'vitest';
import {
  afterFailedCharge,
  atRiskDecision,
  chargeDate,
  cycleEnd,
  DEFAULT_MEMBERSHIP_PLAN,
  lateVerdictDecision,
  renewalPaymentId,
  renewalStart,
  shouldRenew,
  timeoutDecision,
  timeoutMinutes,
  timeoutSchedule,
} from '../src/index.js';

describe('payment timeout decisions', () => {
  const plan = { atRiskAfterSeconds: 720, timeoutAfterSeconds: 900 };

  it('puts the marks at 12 and 15 minutes', () => {
    const created = new Date('2026-11-22T10:00:00Z');
    expect(timeoutSchedule(created, plan)).toEqual({
      atRiskAt: new Date('2026-11-22T10:12:00Z'),
      timeoutAt: new Date('2026-11-22T10:15:00Z'),
    });
    expect(timeoutMinutes(plan)).toBe(15);
  });

  it.each([
    ['pending', false, 'mark_at_risk'],
    ['processing', false, 'mark_at_risk'],
    ['pending', true, 'nothing'],
    ['success', false, 'nothing'],
    ['failed', false, 'nothing'],
  ] as const)('at risk: %s (already %s) -> %s', (phase, already, decision) => {
    expect(atRiskDecision(phase, already)).toBe(decision);
  });

  it.each([
    ['pending', 'paid', 'succeed'],
    ['pending', 'declined', 'fail_declined'],
    ['pending', 'unsettled', 'fail_timed_out'],
    ['processing', 'unsettled', 'fail_timed_out'],
    ['success', 'unsettled', 'nothing'],
    ['failed', 'paid', 'nothing'],
  ] as const)('deadline: %s with gateway %s -> %s', (phase, verdict, decision) => {
    expect(timeoutDecision(phase, verdict)).toBe(decision);
  });

  it('reconciles a success that arrives after the payment was failed', () => {
    expect(lateVerdictDecision('failed', 'paid')).toBe('reconcile_success');
    expect(lateVerdictDecision('failed', 'declined')).toBe('nothing');
    expect(lateVerdictDecision('success', 'paid')).toBe('nothing');
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

  it('renews only a live membership whose member wants it', () => {
    expect(shouldRenew('active', true)).toBe(true);
    expect(shouldRenew('active', false)).toBe(false);
    expect(shouldRenew('cancelled', true)).toBe(false);
  });
});
