import { creditForOrder } from '@elts/contracts';
import type { NewEvent, StoredEvent } from '@elts/platform';
import { type MembershipPlan, renewalVerdict } from '@elts/workflows';
import { describe, expect, it } from 'vitest';
import { creditBalance, type LedgerEntry } from '../src/domain/credit.js';
import { financialYear, invoiceNumber, splitGst } from '../src/domain/invoice.js';
import { decideFailure, decideProcessing, decideSuccess, type Failure, foldPayment, type PaymentState } from '../src/domain/payment.js';
import {
  activationVerdict,
  decideActivation,
  decideAuthorizationFailure,
  decideAutoRenewal,
  decideCancellation,
  decideExpiry,
  decideRenewal,
  foldSubscription,
  renewedBy,
  type SubscriptionState,
} from '../src/domain/subscription.js';

/** Pure tests of the payments domain: every decision and fold, without a database. */

const T0 = new Date('2026-11-23T10:00:00Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** New events as the store would give them back, one version after another. */
function stored(events: NewEvent[], recordedAt = T0): StoredEvent[] {
  return events.map((event, index) => ({
    service: 'payments',
    position: index + 1,
    eventId: `e${index}`,
    streamId: 's',
    streamVersion: index + 1,
    type: event.type,
    schemaVersion: 1,
    data: event.data,
    metadata: {},
    recordedAt,
  })) as StoredEvent[];
}

describe('payment decisions and fold', () => {
  const initiated: NewEvent = {
    type: 'PaymentInitiated',
    data: {
      paymentId: 'PAY-1',
      orderId: 'ORD-1',
      memberId: 'm1',
      amountPaise: 117_882,
      paymentType: 'subscription',
      purpose: 'membership',
      subscriptionId: 'MEM-1',
      gateway: 'emulator',
    },
  };
  const settlement = { method: 'upi' as const, gatewayPaymentId: 'cf_1', bankReference: 'SIM1' };
  const declined: Failure = { reason: 'Payment declined by the bank', method: 'card', autoFailed: false, timeoutMinutes: null };
  const timedOut: Failure = { reason: 'Payment timed out after 15 minutes', method: null, autoFailed: true, timeoutMinutes: 15 };

  /** Applies each decision in turn to the folded state, as the commands do, and returns the final state. */
  function run(...decisions: ((state: PaymentState) => NewEvent[])[]) {
    let events: NewEvent[] = [initiated];
    for (const decide of decisions) {
      const state = foldPayment(stored(events)) as PaymentState;
      events = [...events, ...decide(state)];
    }
    return { events: events.map((event) => event.type), state: foldPayment(stored(events)) as PaymentState };
  }

  it('folds nothing before PaymentInitiated, and a new payment is pending with every field of the event', () => {
    expect(foldPayment([])).toBeUndefined();
    expect(foldPayment(stored([{ type: 'PaymentSucceeded', data: {} }]))).toBeUndefined();
    expect(run().state).toEqual({
      ...(initiated.data as object),
      phase: 'pending',
      autoFailed: false,
      createdAt: T0,
    });
  });

  it('pending -> processing, once; a settled payment never goes back to processing', () => {
    expect(run(decideProcessing).state.phase).toBe('processing');
    expect(run(decideProcessing, decideProcessing).events).toEqual(['PaymentInitiated', 'PaymentProcessing']);
    expect(run((s) => decideSuccess(s, settlement), decideProcessing).state.phase).toBe('success');
    expect(run((s) => decideFailure(s, declined), decideProcessing).state.phase).toBe('failed');
  });

  it('pending or processing -> success, carrying the settlement; a repeated success changes nothing', () => {
    const paid = run((s) => decideSuccess(s, settlement));
    expect(paid.state.phase).toBe('success');
    const [event] = decideSuccess(run().state, settlement);
    expect(event).toEqual({
      type: 'PaymentSucceeded',
      data: {
        paymentId: 'PAY-1',
        orderId: 'ORD-1',
        memberId: 'm1',
        paymentType: 'subscription',
        amountPaise: 117_882,
        ...settlement,
        late: false,
      },
    });
    expect(run(decideProcessing, (s) => decideSuccess(s, settlement)).state.phase).toBe('success');
    expect(decideSuccess(paid.state, settlement)).toEqual([]);
  });

  it('pending or processing -> failed with its reason; a settled payment keeps its outcome (a failure after a success is ignored)', () => {
    const failed = run((s) => decideFailure(s, declined));
    expect(failed.state).toMatchObject({ phase: 'failed', autoFailed: false });
    expect(decideFailure(run().state, declined)[0]?.data).toMatchObject({ reason: 'Payment declined by the bank', method: 'card' });
    expect(run(decideProcessing, (s) => decideFailure(s, timedOut)).state).toMatchObject({ phase: 'failed', autoFailed: true });
    expect(decideFailure(failed.state, timedOut)).toEqual([]);
    const paid = run(
      (s) => decideSuccess(s, settlement),
      (s) => decideFailure(s, declined),
    );
    expect(paid.events).toEqual(['PaymentInitiated', 'PaymentSucceeded']);
    expect(paid.state.phase).toBe('success');
  });

  it('failed -> success is recorded as late (the money was taken: reconciled, never lost)', () => {
    const late = run(
      (s) => decideFailure(s, timedOut),
      (s) => decideSuccess(s, settlement),
    );
    expect(late.state.phase).toBe('success');
    const failedState = run((s) => decideFailure(s, timedOut)).state;
    expect(decideSuccess(failedState, settlement)[0]?.data).toMatchObject({ late: true });
  });

  it('folds a history holding a PaymentAtRisk (recorded before decision 0043 retired it) as if it were not there', () => {
    const atRisk: NewEvent = { type: 'PaymentAtRisk', data: { paymentId: 'PAY-1', minutesPending: 12 } };
    const failed = decideFailure(run().state, timedOut);
    expect(foldPayment(stored([initiated, atRisk]))).toEqual(run().state);
    expect(foldPayment(stored([initiated, atRisk, ...failed]))).toEqual(foldPayment(stored([initiated, ...failed])));
  });
});

describe('subscription decisions and fold', () => {
  const plan: MembershipPlan = {
    periodSeconds: 600,
    renewalLeadSeconds: 300,
    noticeToChargeSeconds: 60,
    retryIntervalSeconds: 60,
    maxChargeAttempts: 3,
  };
  const mandate = { mandateId: 'umn1@upi', method: 'upi' as const, maxAmountPaise: 117_882 };
  const requested: NewEvent = {
    type: 'SubscriptionRequested',
    data: { subscriptionId: 'MEM-1', memberId: 'm1', autoRenewal: true, amountPaise: 117_882, paymentId: 'PAY-1' },
  };

  function run(...decisions: ((state: SubscriptionState) => NewEvent[])[]) {
    let events: NewEvent[] = [requested];
    for (const decide of decisions) events = [...events, ...decide(foldSubscription(stored(events)) as SubscriptionState)];
    return { events: events.map((event) => event.type), state: foldSubscription(stored(events)) as SubscriptionState };
  }
  const activate = (s: SubscriptionState) => decideActivation(s, mandate, T0, plan, false);
  const fail = (s: SubscriptionState) => decideAuthorizationFailure(s, 'The first payment did not go through');
  const cancel = (s: SubscriptionState) => decideCancellation(s, 'Cancelled by the member', false);
  const revoke = (s: SubscriptionState) => decideCancellation(s, 'Mandate revoked by the member', true);
  const statusesOf = (events: NewEvent[]) =>
    events.filter((e) => e.type === 'SubscriptionStatusChanged').map((e) => (e.data as { status: string }).status);

  it('a request folds to pending, with no cycle, dates or mandate', () => {
    expect(foldSubscription([])).toBeUndefined();
    expect(run().state).toEqual({
      subscriptionId: 'MEM-1',
      memberId: 'm1',
      status: 'pending',
      autoRenewal: true,
      amountPaise: 117_882,
      cycle: 0,
      startDate: null,
      endDate: null,
      paymentId: 'PAY-1',
      mandateId: null,
    });
  });

  it('pending -> active for one period from the payment, with the mandate; activating again changes nothing', () => {
    const events = activate(run().state);
    expect(events.map((e) => e.type)).toEqual(['MandateAuthorized', 'SubscriptionActivated', 'SubscriptionStatusChanged']);
    expect(statusesOf(events)).toEqual(['active']);
    const { state } = run(activate);
    expect(state).toMatchObject({ status: 'active', cycle: 1, startDate: T0, endDate: later(10), mandateId: 'umn1@upi' });
    expect(activate(state)).toEqual([]);
    expect(activationVerdict(state, false)).toBe('already_active');
  });

  it('one year in India by default: the same calendar date next year (29 February becomes 28 February)', () => {
    const leap = new Date('2028-02-29T06:30:00Z');
    const [, activated] = decideActivation(run().state, mandate, leap, { ...plan, periodSeconds: undefined }, false) as NewEvent[];
    expect(activated?.data).toMatchObject({ startDate: leap.toISOString(), endDate: '2029-02-28T06:30:00.000Z' });
  });

  it('refuses to activate an attempt that failed, was cancelled or revoked, or a member who is already a member', () => {
    const failed = run(fail).state;
    expect(failed.status).toBe('failed');
    expect(activationVerdict(failed, false)).toBe('refuse');
    expect(decideActivation(failed, mandate, T0, plan, false)).toEqual([]);
    for (const ended of [run(cancel).state, run(revoke).state]) {
      expect(activationVerdict(ended, false)).toBe('refuse');
      expect(decideActivation(ended, mandate, T0, plan, false)).toEqual([]);
    }
    const pending = run().state;
    expect(activationVerdict(pending, true)).toBe('refuse');
    expect(decideActivation(pending, mandate, T0, plan, true)).toEqual([]);
    expect(activationVerdict(pending, false)).toBe('activate');
  });

  it('pending -> failed once; an active membership never fails through its first payment', () => {
    const events = fail(run().state);
    expect(events.map((e) => e.type)).toEqual(['SubscriptionFailed', 'SubscriptionStatusChanged']);
    expect(events[0]?.data).toMatchObject({ reason: 'The first payment did not go through' });
    expect(fail(run(fail).state)).toEqual([]);
    expect(fail(run(activate).state)).toEqual([]);
  });

  it('active -> renewed for the next cycle from the end of this one, only for the cycle it pays for', () => {
    const active = run(activate).state;
    const events = decideRenewal(active, 1, 'MEM-1-C1-A1', plan);
    expect(events[0]).toMatchObject({
      type: 'SubscriptionRenewed',
      data: { cycle: 2, startDate: later(10).toISOString(), endDate: later(20).toISOString(), paymentId: 'MEM-1-C1-A1' },
    });
    expect(statusesOf(events)).toEqual(['active']);
    const renewed = run(activate, (s) => decideRenewal(s, 1, 'MEM-1-C1-A1', plan)).state;
    expect(renewed).toMatchObject({ status: 'active', cycle: 2, endDate: later(20) });
    expect(decideRenewal(renewed, 1, 'MEM-1-C1-A2', plan)).toEqual([]);
    expect(decideRenewal(run().state, 0, 'x', plan)).toEqual([]);
    expect(decideRenewal(run(activate, cancel).state, 1, 'x', plan)).toEqual([]);
  });

  it('active -> expired only at the end of the cycle named, never before', () => {
    const active = run(activate).state;
    expect(decideExpiry(active, 1, later(9))).toEqual([]);
    expect(decideExpiry(active, 2, later(11))).toEqual([]);
    const events = decideExpiry(active, 1, later(10));
    expect(events.map((e) => e.type)).toEqual(['SubscriptionExpired', 'SubscriptionStatusChanged']);
    expect(statusesOf(events)).toEqual(['expired']);
    const expired = run(activate, (s) => decideExpiry(s, 1, later(10))).state;
    expect(expired.status).toBe('expired');
    expect(decideExpiry(expired, 1, later(30))).toEqual([]);
    expect(decideExpiry(run().state, 0, later(30))).toEqual([]);
  });

  it('pending or active -> cancelled (or revoked), auto-renewal off, for good', () => {
    expect(run(cancel).state).toMatchObject({ status: 'cancelled', autoRenewal: false });
    expect(run(activate, revoke).state).toMatchObject({ status: 'revoked', autoRenewal: false });
    expect(statusesOf(revoke(run(activate).state))).toEqual(['revoked']);
    expect(cancel(run(cancel).state)).toEqual([]);
    expect(cancel(run(fail).state)).toEqual([]);
    expect(revoke(run(activate, (s) => decideExpiry(s, 1, later(10))).state)).toEqual([]);
  });

  it('auto-renewal changes only when it differs, and only while pending or active', () => {
    expect(decideAutoRenewal(run().state, true)).toEqual([]);
    expect(run((s) => decideAutoRenewal(s, false)).state.autoRenewal).toBe(false);
    expect(
      run(
        activate,
        (s) => decideAutoRenewal(s, false),
        (s) => decideAutoRenewal(s, true),
      ).state.autoRenewal,
    ).toBe(true);
    expect(decideAutoRenewal(run(fail).state, false)).toEqual([]);
    expect(decideAutoRenewal(run(activate, (s) => decideExpiry(s, 1, later(10))).state, false)).toEqual([]);
  });

  it('a renewal charge renews only the running cycle it was raised for, with auto-renewal on; anything else is refunded', () => {
    const renew = (s: SubscriptionState) => decideRenewal(s, 1, 'MEM-1-C1-A1', plan);
    const off = (s: SubscriptionState) => decideAutoRenewal(s, false);
    const expire = (s: SubscriptionState) => decideExpiry(s, 1, later(10));
    expect(renewalVerdict(run(activate).state, 1, false)).toBe('renew');
    // Turned off before the charge went through: refunded, even though it was on when the charge was raised.
    expect(renewalVerdict(run(activate, off).state, 1, false)).toBe('refund');
    expect(renew(run(activate, off).state)).toEqual([]);
    // The cycle ended first (expired, cancelled or revoked): an ended membership is not brought back by a late charge.
    for (const ended of [run(activate, expire).state, run(activate, cancel).state, run(activate, revoke).state]) {
      expect(renewalVerdict(ended, 1, false)).toBe('refund');
      expect(renew(ended)).toEqual([]);
    }
    // A second charge for a cycle already renewed is refunded; the one that renewed it is left alone.
    const active = [requested, ...activate(run().state)];
    const history = stored([...active, ...renew(foldSubscription(stored(active)) as SubscriptionState)]);
    const renewed = foldSubscription(history) as SubscriptionState;
    expect(renewalVerdict(renewed, 1, false)).toBe('refund');
    expect(renewalVerdict(renewed, 1, renewedBy(history, 'MEM-1-C1-A1'))).toBe('already_renewed');
    expect(renewedBy(history, 'MEM-1-C1-A1')).toBe(true);
    expect(renewedBy(history, 'MEM-1-C1-A2')).toBe(false);
  });
});

describe('membership credit', () => {
  const grant = (amountPaise: number, createdAt: Date, expiresAt: Date): LedgerEntry => ({
    kind: 'grant',
    amountPaise,
    orderId: null,
    expiresAt,
    createdAt,
  });
  const spend = (orderId: string, amountPaise: number, createdAt: Date): LedgerEntry => ({
    kind: 'spend',
    amountPaise,
    orderId,
    expiresAt: null,
    createdAt,
  });
  const release = (orderId: string, amountPaise: number, createdAt: Date): LedgerEntry => ({
    kind: 'release',
    amountPaise,
    orderId,
    expiresAt: null,
    createdAt,
  });

  it('a grant counts until it expires, and not from its expiry on', () => {
    const entries = [grant(99_900, T0, later(100))];
    expect(creditBalance(entries, later(99))).toBe(99_900);
    expect(creditBalance(entries, later(100))).toBe(0);
    expect(creditBalance([], T0)).toBe(0);
  });

  it('spends from the earliest-expiring grant first, so the later grant keeps its credit past the first expiry', () => {
    const entries = [grant(99_900, T0, later(200)), grant(99_900, later(1), later(100)), spend('O1', 50_000, later(2))];
    expect(creditBalance(entries, later(3))).toBe(149_800);
    // The grant expiring at 100 paid: after it expires the one expiring at 200 is whole.
    expect(creditBalance(entries, later(150))).toBe(99_900);
  });

  it('a spend larger than the first grant takes the rest from the next one', () => {
    const entries = [grant(10_000, T0, later(100)), grant(99_900, T0, later(200)), spend('O1', 15_000, later(2))];
    expect(creditBalance(entries, later(3))).toBe(94_900);
    expect(creditBalance(entries, later(150))).toBe(94_900);
  });

  it('never spends from a grant that had expired when the order spent', () => {
    const entries = [grant(99_900, T0, later(10)), grant(99_900, T0, later(200)), spend('O1', 5_000, later(20))];
    expect(creditBalance(entries, later(30))).toBe(94_900);
  });

  it('a release gives back exactly what its order spent, to the grants it came from, once', () => {
    const entries = [grant(99_900, T0, later(100)), spend('O1', 9_000, later(1)), spend('O2', 1_000, later(2))];
    expect(creditBalance(entries, later(3))).toBe(89_900);
    expect(creditBalance([...entries, release('O1', 9_000, later(4))], later(5))).toBe(98_900);
    expect(creditBalance([...entries, release('O1', 9_000, later(4)), release('O1', 9_000, later(6))], later(7))).toBe(98_900);
    expect(creditBalance([...entries, release('O3', 5_000, later(4))], later(5))).toBe(89_900);
  });

  it('released credit from an expired grant does not come back after that grant expires', () => {
    const entries = [grant(99_900, T0, later(10)), spend('O1', 9_000, later(1)), release('O1', 9_000, later(20))];
    expect(creditBalance(entries.slice(0, 2), later(5))).toBe(90_900);
    expect(creditBalance(entries, later(30))).toBe(0);
  });

  it('an order may use at most 10% of its price, in whole paise rounded down, and never more than the balance', () => {
    expect(creditForOrder(1_900_000, 99_900)).toBe(99_900);
    expect(creditForOrder(500_000, 99_900)).toBe(50_000);
    expect(creditForOrder(999, 99_900)).toBe(99);
    expect(creditForOrder(500_000, 0)).toBe(0);
    expect(creditForOrder(500_000, -5)).toBe(0);
  });
});

describe('tax invoices', () => {
  it('splits Rs 1,178.82 into Rs 999.00 taxable and Rs 179.82 GST: CGST + SGST within the state, IGST across states', () => {
    expect(splitGst(117_882, true)).toEqual({
      taxablePaise: 99_900,
      cgstPaise: 8_991,
      sgstPaise: 8_991,
      igstPaise: 0,
      totalPaise: 117_882,
    });
    expect(splitGst(117_882, false)).toEqual({ taxablePaise: 99_900, cgstPaise: 0, sgstPaise: 0, igstPaise: 17_982, totalPaise: 117_882 });
  });

  it('rounds to whole paise and always adds up: an odd tax puts the extra paisa in SGST', () => {
    // 100 paise inclusive: 84.745... taxable rounds to 85, tax 15 splits 7 + 8.
    expect(splitGst(100, true)).toEqual({ taxablePaise: 85, cgstPaise: 7, sgstPaise: 8, igstPaise: 0, totalPaise: 100 });
    for (const total of [1, 99, 101, 117_881, 1_900_000, 2_345_678]) {
      for (const intraState of [true, false]) {
        const split = splitGst(total, intraState);
        for (const part of Object.values(split)) expect(Number.isInteger(part)).toBe(true);
        expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(total);
        expect(Math.abs(split.cgstPaise - split.sgstPaise)).toBeLessThanOrEqual(1);
        expect(Math.abs(split.taxablePaise * 1.18 - total)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('starts the financial year on 1 April in India (18:30 UTC on 31 March)', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59.999Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-28');
    expect(financialYear(new Date('2026-04-01T00:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2026-01-15T12:00:00Z'))).toBe('2025-26');
    expect(financialYear(new Date('2099-12-31T23:00:00Z'))).toBe('2099-00');
  });

  it('numbers invoices series/year/serial within 16 characters, and refuses a longer number', () => {
    expect(invoiceNumber('EC', '2026-27', 42)).toBe('EC/2627/000042');
    const longest = invoiceNumber('ABCD', '2026-27', 999_999);
    expect(longest).toBe('ABCD/2627/999999');
    expect(longest.length).toBe(16);
    expect(() => invoiceNumber('ABCD', '2026-27', 1_000_000)).toThrow(/longer than 16 characters/);
    expect(() => invoiceNumber('ABCDE', '2026-27', 1)).toThrow(/longer than 16 characters/);
  });
});
