import { SUBSCRIPTION_PRICE } from '@elts/contracts';
import { deciderSpec } from '@elts/platform/testing';
import { afterFailedCharge, cycleEnd, type MembershipPlan, type PaymentPhase, renewalPaymentId } from '@elts/workflows';
import { describe, expect, it } from 'vitest';
import type { PaymentsEvent, PaymentsEventOf } from '../src/domain/payments-events.js';
import { evolveSubscription, type SubscriptionState } from '../src/domain/subscription.js';
import {
  type CycleInput,
  callsBeforeEvents,
  decideMembership,
  type MembershipCommand,
  type MembershipDecision,
  type MembershipView,
  membershipDecider,
  type RenewalCharge,
} from '../src/processes/membership/decider.js';

/**
 * The membership cycle's one decision, as a table: every trigger, on the states that matter to it, with the money
 * rules of issue 19 (docs/decisions/0032): no charge taken for a cycle the member does not get or no longer wants,
 * a mandate cancelled when the membership ends, a failed charge retried only while the renewal is wanted.
 */

const PLAN: MembershipPlan = {
  periodSeconds: 3600,
  renewalLeadSeconds: 600,
  noticeToChargeSeconds: 120,
  retryIntervalSeconds: 60,
  maxChargeAttempts: 2,
};
const START = new Date('2026-11-26T04:00:00Z');
const END = cycleEnd(START, PLAN);
const at = (secondsAfterStart: number) => new Date(START.getTime() + secondsAfterStart * 1000);
const FEE = SUBSCRIPTION_PRICE.totalPaise;
const SUB = 'SUB-1';

const member = (change: Partial<SubscriptionState> = {}): SubscriptionState => ({
  subscriptionId: SUB,
  memberId: 'M-1',
  status: 'active',
  autoRenewal: true,
  amountPaise: FEE,
  cycle: 1,
  startDate: START,
  endDate: END,
  paymentId: 'PAY-FIRST',
  mandateId: 'MD-1',
  ...change,
});

const charge = (attempt: number, phase: PaymentPhase, change: Partial<RenewalCharge> = {}): RenewalCharge => ({
  paymentId: renewalPaymentId(SUB, 1, attempt),
  cycle: 1,
  attempt,
  phase,
  amountPaise: FEE,
  failureReason: null,
  chargeOn: at(3000 + PLAN.noticeToChargeSeconds),
  refunded: false,
  renewed: false,
  failureRecorded: false,
  ...change,
});

const view = (state: SubscriptionState, charges: RenewalCharge[] = [], otherActiveMembership = false): MembershipView => ({
  state,
  charges,
  otherActiveMembership,
});

const A1 = renewalPaymentId(SUB, 1, 1);
const A2 = renewalPaymentId(SUB, 1, 2);
const types = (decision: MembershipDecision) => decision.events.map((event) => event.type);
const calls = (decision: MembershipDecision) =>
  decision.calls.map((call) => ('paymentId' in call ? `${call.call} ${call.paymentId}` : call.call));
const signals = (decision: MembershipDecision) => decision.signals.map((signal) => signal.kind);
/** A gateway that debits a charge from the instant asked for until `slackSeconds` later. */
const debitsWithin =
  (slackSeconds = 0) =>
  (from: Date) => ({ from, until: new Date(from.getTime() + slackSeconds * 1000) });

interface Row {
  name: string;
  view: MembershipView;
  input: CycleInput;
  now: Date;
  expect: { events?: string[]; calls?: string[]; signals?: string[]; outcome?: string; credit?: boolean; startCharge?: boolean };
}

const noticeAt = at(3000);
const chargeOnAtNotice = new Date(noticeAt.getTime() + PLAN.noticeToChargeSeconds * 1000);

const rows: Row[] = [
  // The first payment.
  {
    name: 'first payment paid: the membership starts with its credit, invoice and timers',
    view: view(member({ status: 'pending', cycle: 0, startDate: null, endDate: null })),
    input: {
      on: 'first-payment-settled',
      payment: { paymentId: 'PAY-FIRST', phase: 'success', amountPaise: FEE },
      mandate: { mandateId: 'MD-1', method: 'upi', maxAmountPaise: FEE },
    },
    now: START,
    expect: {
      events: ['MandateAuthorized', 'SubscriptionActivated', 'SubscriptionStatusChanged'],
      signals: ['cycleStarted'],
      credit: true,
    },
  },
  {
    name: 'first payment failed: the attempt fails and its mandate is cancelled',
    view: view(member({ status: 'pending', cycle: 0, startDate: null, endDate: null })),
    input: { on: 'first-payment-settled', payment: { paymentId: 'PAY-FIRST', phase: 'failed', amountPaise: FEE }, mandate: null },
    now: START,
    expect: { events: ['SubscriptionFailed', 'SubscriptionStatusChanged'], calls: ['cancelMandate'] },
  },
  {
    name: 'first payment paid while the member has another active membership: refunded in full, mandate cancelled',
    view: view(member({ status: 'pending', cycle: 0, startDate: null, endDate: null }), [], true),
    input: {
      on: 'first-payment-settled',
      payment: { paymentId: 'PAY-FIRST', phase: 'success', amountPaise: FEE },
      mandate: { mandateId: 'MD-1', method: 'upi', maxAmountPaise: FEE },
    },
    now: START,
    expect: { events: [], calls: ['cancelMandate', 'refund PAY-FIRST'] },
  },
  // Renewal start: the notice and its charge.
  {
    name: 'renewal start: the notice goes out with its charge, dated a notice period later, and the charge is raised',
    view: view(member()),
    input: { on: 'renewal-due', cycle: 1, attempt: 1, chargeWindow: debitsWithin() },
    now: noticeAt,
    expect: { events: ['RenewalNoticeSent'], calls: [`charge ${A1}`], startCharge: true },
  },
  {
    name: 'renewal start too late: a charge the gateway could debit after the end is not raised, no notice',
    view: view(member()),
    input: { on: 'renewal-due', cycle: 1, attempt: 1, chargeWindow: debitsWithin(100) },
    now: at(3430),
    expect: { events: [], calls: [] },
  },
  {
    name: 'renewal start with auto-renewal off: nothing',
    view: view(member({ autoRenewal: false })),
    input: { on: 'renewal-due', cycle: 1, attempt: 1, chargeWindow: debitsWithin() },
    now: noticeAt,
    expect: { events: [], calls: [] },
  },
  {
    name: 'renewal step run again after its notice: the same charge is raised, no second notice',
    view: view(member(), [charge(1, 'pending')]),
    input: { on: 'renewal-due', cycle: 1, attempt: 1, chargeWindow: debitsWithin() },
    now: at(3080),
    expect: { events: [], calls: [`charge ${A1}`] },
  },
  {
    name: 'renewal step run again once its charge settled: nothing',
    view: view(member(), [charge(1, 'failed', { failureRecorded: true })]),
    input: { on: 'renewal-due', cycle: 1, attempt: 1, chargeWindow: debitsWithin() },
    now: at(3080),
    expect: { events: [], calls: [] },
  },
  // The charge at the gateway.
  {
    name: 'charge raised: its checks start',
    view: view(member(), [charge(1, 'pending')]),
    input: { on: 'charge-raised', paymentId: A1 },
    now: noticeAt,
    expect: { signals: ['renewalChargeRaised'], calls: [] },
  },
  {
    name: 'auto-renewal off by the time the charge was raised: it is called off at the gateway',
    view: view(member({ autoRenewal: false }), [charge(1, 'pending')]),
    input: { on: 'charge-raised', paymentId: A1 },
    now: noticeAt,
    expect: { signals: ['renewalChargeRaised'], calls: [`cancelCharge ${A1}`] },
  },
  {
    name: 'charge check, gateway silent, renewal wanted: check again',
    view: view(member(), [charge(1, 'pending')]),
    input: { on: 'charge-check', paymentId: A1, outcome: 'unchanged' },
    now: at(3200),
    expect: { calls: [], outcome: 'unchanged' },
  },
  {
    name: 'charge check, gateway silent, auto-renewal off at charge time: called off again',
    view: view(member({ autoRenewal: false }), [charge(1, 'pending')]),
    input: { on: 'charge-check', paymentId: A1, outcome: 'unchanged' },
    now: at(3200),
    expect: { calls: [`cancelCharge ${A1}`], outcome: 'unchanged' },
  },
  {
    name: 'charge check of a charge a webhook settled: its checks stop',
    view: view(member(), [charge(1, 'success', { renewed: true })]),
    input: { on: 'charge-check', paymentId: A1, outcome: 'unchanged' },
    now: at(3200),
    expect: { calls: [], outcome: 'succeeded' },
  },
  {
    name: 'charge check with the gateway settling it now: that outcome',
    view: view(member(), [charge(1, 'failed')]),
    input: { on: 'charge-check', paymentId: A1, outcome: 'failed' },
    now: at(3200),
    expect: { calls: [], outcome: 'failed' },
  },
  // The charge settled.
  {
    name: 'charge settled, success: the membership renews for another cycle, with its credit, invoice and timers',
    view: view(member(), [charge(1, 'success')]),
    input: { on: 'charge-settled', paymentId: A1 },
    now: at(3200),
    expect: { events: ['SubscriptionRenewed', 'SubscriptionStatusChanged'], signals: ['cycleStarted'], calls: [], credit: true },
  },
  {
    name: 'charge settled, success, applied again: nothing more',
    view: view(member({ cycle: 2 }), [charge(1, 'success', { renewed: true })]),
    input: { on: 'charge-settled', paymentId: A1 },
    now: at(3300),
    expect: { events: [], calls: [], signals: [] },
  },
  {
    name: 'charge settled, success with auto-renewal off at charge time: refunded in full, no renewal',
    view: view(member({ autoRenewal: false }), [charge(1, 'success')]),
    input: { on: 'charge-settled', paymentId: A1 },
    now: at(3200),
    expect: { events: [], calls: [`refund ${A1}`] },
  },
  {
    name: 'late success after expiry: refunded in full, the membership stays expired',
    view: view(member({ status: 'expired' }), [charge(1, 'success')]),
    input: { on: 'charge-settled', paymentId: A1 },
    now: at(4000),
    expect: { events: [], calls: [`refund ${A1}`] },
  },
  {
    name: 'late success after expiry, already refunded: not refunded twice',
    view: view(member({ status: 'expired' }), [charge(1, 'success', { refunded: true })]),
    input: { on: 'charge-settled', paymentId: A1 },
    now: at(4100),
    expect: { events: [], calls: [] },
  },
  {
    name: 'charge settled, failure with attempts left: recorded, retried',
    view: view(member(), [charge(1, 'failed', { failureReason: 'Insufficient funds' })]),
    input: { on: 'charge-settled', paymentId: A1 },
    now: at(3200),
    expect: { events: ['RenewalChargeFailed'], signals: ['renewalRetryDue'] },
  },
  {
    name: 'charge settled, failure of the last attempt: recorded, the cycle ends',
    view: view(member(), [charge(1, 'failed'), charge(2, 'failed')]),
    input: { on: 'charge-settled', paymentId: A2 },
    now: at(3300),
    expect: { events: ['RenewalChargeFailed'], signals: [] },
  },
  {
    name: 'charge settled, failure after auto-renewal was turned off: recorded, no retry',
    view: view(member({ autoRenewal: false }), [charge(1, 'failed')]),
    input: { on: 'charge-settled', paymentId: A1 },
    now: at(3200),
    expect: { events: ['RenewalChargeFailed'], signals: [] },
  },
  {
    name: 'charge settled, failure applied again: nothing more',
    view: view(member(), [charge(1, 'failed', { failureRecorded: true })]),
    input: { on: 'charge-settled', paymentId: A1 },
    now: at(3200),
    expect: { events: [], signals: [] },
  },
  // The cycle's end.
  {
    name: 'cycle end without a renewal: expiry, the mandate cancelled at the gateway, the open charge called off',
    view: view(member(), [charge(1, 'failed', { failureRecorded: true }), charge(2, 'pending')]),
    input: { on: 'cycle-end', cycle: 1 },
    now: END,
    expect: {
      events: ['SubscriptionExpired', 'SubscriptionStatusChanged'],
      signals: ['membershipEnded'],
      calls: ['cancelMandate', `cancelCharge ${A2}`],
    },
  },
  {
    name: 'cycle end with a charge debited before its check: it renews, no expiry',
    view: view(member(), [charge(1, 'success')]),
    input: { on: 'cycle-end', cycle: 1 },
    now: END,
    expect: { events: ['SubscriptionRenewed', 'SubscriptionStatusChanged'], signals: ['cycleStarted'], calls: [], credit: true },
  },
  {
    name: 'cycle end with a charge debited though auto-renewal is off: refunded in full, then expiry',
    view: view(member({ autoRenewal: false }), [charge(1, 'success')]),
    input: { on: 'cycle-end', cycle: 1 },
    now: END,
    expect: {
      events: ['SubscriptionExpired', 'SubscriptionStatusChanged'],
      signals: ['membershipEnded'],
      calls: [`refund ${A1}`, 'cancelMandate'],
    },
  },
  {
    name: 'cycle end of a cycle already renewed: nothing',
    view: view(member({ cycle: 2, endDate: cycleEnd(END, PLAN) }), [charge(1, 'success', { renewed: true })]),
    input: { on: 'cycle-end', cycle: 1 },
    now: END,
    expect: { events: [], calls: [], signals: [] },
  },
  {
    name: 'cycle end run again after the expiry: the gateway is asked again (the mandate, the open charge)',
    view: view(member({ status: 'expired' }), [charge(1, 'pending')]),
    input: { on: 'cycle-end', cycle: 1 },
    now: at(3700),
    expect: { events: [], signals: [], calls: ['cancelMandate', `cancelCharge ${A1}`] },
  },
  // The member.
  {
    name: 'auto-renewal turned off after the notice: the raised charge is called off, the renewal steps dropped',
    view: view(member(), [charge(1, 'pending')]),
    input: { on: 'auto-renewal', autoRenewal: false },
    now: at(3050),
    expect: { events: ['AutoRenewalChanged'], signals: ['autoRenewalChanged'], calls: [`cancelCharge ${A1}`] },
  },
  {
    name: 'auto-renewal off asked again: the call-off is tried again',
    view: view(member({ autoRenewal: false }), [charge(1, 'pending')]),
    input: { on: 'auto-renewal', autoRenewal: false },
    now: at(3060),
    expect: { events: [], signals: [], calls: [`cancelCharge ${A1}`] },
  },
  {
    name: 'auto-renewal turned on again: the next attempt is planned',
    view: view(member({ autoRenewal: false }), [charge(1, 'failed', { failureRecorded: true })]),
    input: { on: 'auto-renewal', autoRenewal: true },
    now: at(3060),
    expect: { events: ['AutoRenewalChanged'], signals: ['autoRenewalChanged'], calls: [] },
  },
  {
    name: 'membership cancelled: recorded, timers stop, the open charge called off (mandate first)',
    view: view(member(), [charge(1, 'pending')]),
    input: { on: 'ended', reason: 'No longer needed', revoke: false },
    now: at(3100),
    expect: { events: ['SubscriptionCancelled', 'SubscriptionStatusChanged'], signals: ['membershipEnded'], calls: [`cancelCharge ${A1}`] },
  },
  {
    name: 'mandate revoked: recorded as revoked, timers stop, the open charge called off (mandate first)',
    view: view(member(), [charge(1, 'pending')]),
    input: { on: 'ended', reason: 'Mandate revoked', revoke: true },
    now: at(3100),
    expect: { events: ['SubscriptionCancelled', 'SubscriptionStatusChanged'], signals: ['membershipEnded'], calls: [`cancelCharge ${A1}`] },
  },
];

describe('the membership cycle decision', () => {
  it.each(rows)('$name', (row) => {
    const decision = decideMembership(row.view, row.input, row.now, PLAN);
    if (row.expect.events) expect(types(decision)).toEqual(row.expect.events);
    if (row.expect.calls) expect(calls(decision)).toEqual(row.expect.calls);
    if (row.expect.signals) expect(signals(decision)).toEqual(row.expect.signals);
    if (row.expect.outcome) expect(decision.outcome).toBe(row.expect.outcome);
    expect(decision.cycleBegan !== undefined, 'a cycle began').toBe(row.expect.credit ?? false);
    expect(decision.startCharge !== undefined, 'a charge started').toBe(row.expect.startCharge ?? false);
  });

  it('is idempotent: applying its own events and deciding again decides nothing new', () => {
    for (const row of rows) {
      const first = decideMembership(row.view, row.input, row.now, PLAN);
      const state = first.events.reduce<SubscriptionState | undefined>(evolveSubscription, row.view.state) ?? row.view.state;
      const charges = row.view.charges.map((one) => ({
        ...one,
        renewed:
          one.renewed ||
          first.events.some((event) => event.type === 'SubscriptionRenewed' && (event.data as any).paymentId === one.paymentId),
        failureRecorded: one.failureRecorded || first.events.some((event) => event.type === 'RenewalChargeFailed'),
      }));
      const started = first.startCharge;
      if (started) charges.push(charge(1, 'pending', { paymentId: started.paymentId, chargeOn: started.chargeOn }));
      const again = decideMembership({ ...row.view, state, charges }, row.input, row.now, PLAN);
      expect(types(again), row.name).toEqual([]);
      expect(again.startCharge, row.name).toBeUndefined();
      expect(again.cycleBegan, row.name).toBeUndefined();
    }
  });

  it('money: a renewal charge that took money either renews or is refunded in full, never kept for nothing', () => {
    const states = [
      member(),
      member({ autoRenewal: false }),
      member({ status: 'expired' }),
      member({ status: 'cancelled', autoRenewal: false }),
    ];
    for (const state of states) {
      const decision = decideMembership(view(state, [charge(1, 'success')]), { on: 'charge-settled', paymentId: A1 }, at(3300), PLAN);
      const renews = types(decision).includes('SubscriptionRenewed');
      const refunds = decision.calls.filter((call) => call.call === 'refund');
      expect(renews !== (refunds.length === 1), `${state.status}, auto-renewal ${state.autoRenewal}`).toBe(true);
      for (const refund of refunds) expect(refund).toMatchObject({ paymentId: A1, amountPaise: FEE, firstPayment: false });
    }
  });

  it('the notice precedes its charge by the notice period, a renewal runs on from the end paid for, a retry follows the plan', () => {
    const renewed = decideMembership(view(member(), [charge(1, 'success')]), { on: 'charge-settled', paymentId: A1 }, at(3200), PLAN);
    expect(renewed.events[0]?.data).toMatchObject({ cycle: 2, startDate: END.toISOString(), endDate: cycleEnd(END, PLAN).toISOString() });
    expect(renewed.cycleBegan?.credit.data).toMatchObject({ cycle: 2, expiresAt: cycleEnd(END, PLAN).toISOString() });
    const noticed = decideMembership(
      view(member()),
      { on: 'renewal-due', cycle: 1, attempt: 1, chargeWindow: debitsWithin() },
      noticeAt,
      PLAN,
    );
    expect(noticed.events[0]?.data).toMatchObject({ paymentId: A1, amountPaise: FEE, chargeOn: chargeOnAtNotice.toISOString() });
    expect(noticed.startCharge).toEqual({ paymentId: A1, amountPaise: FEE, chargeOn: chargeOnAtNotice });
    const failedAt = at(3200);
    const retried = decideMembership(view(member(), [charge(1, 'failed')]), { on: 'charge-settled', paymentId: A1 }, failedAt, PLAN);
    const plan = afterFailedCharge(1, failedAt, PLAN);
    expect(retried.signals[0]).toMatchObject({
      kind: 'renewalRetryDue',
      attempt: 2,
      at: plan === 'give_up' ? null : plan.retryAt.toISOString(),
    });
  });

  it('cancelling or revoking cancels the mandate before anything is recorded; nothing else goes first', () => {
    expect(callsBeforeEvents({ on: 'ended', reason: 'x', revoke: true })).toEqual([{ call: 'cancelMandate', lenient: false }]);
    for (const row of rows.filter((one) => one.input.on !== 'ended')) expect(callsBeforeEvents(row.input)).toEqual([]);
  });
});

describe("a membership's stream, given its events, when the cycle moves", () => {
  const sub = { subscriptionId: SUB, memberId: '6f1c2d4e-0000-4000-8000-000000000001' };
  const cycle = { ...sub, cycle: 1, startDate: START.toISOString(), endDate: END.toISOString(), paymentId: 'PAY-FIRST' };
  const active: PaymentsEvent[] = [
    {
      type: 'SubscriptionRequested',
      data: { ...sub, paymentId: 'PAY-FIRST', amountPaise: FEE, autoRenewal: true },
    } as PaymentsEventOf<'SubscriptionRequested'>,
    { type: 'SubscriptionActivated', data: cycle },
  ];
  const when = (input: CycleInput, now: Date, change: Partial<MembershipCommand> = {}): MembershipCommand => ({
    input,
    charges: [],
    otherActiveMembership: false,
    now,
    plan: PLAN,
    ...change,
  });
  const membership = deciderSpec(membershipDecider);

  it('sends the renewal notice with its charge, the charge to start and raise as the effects', () => {
    const now = new Date(START.getTime() + 3000 * 1000);
    const chargeWindow = (notBefore: Date) => ({ from: notBefore, until: notBefore });
    const due = membership.given(active).when(when({ on: 'renewal-due', cycle: 1, attempt: 1, chargeWindow }, now));
    const paymentId = renewalPaymentId(SUB, 1, 1);
    const chargeOn = new Date(now.getTime() + PLAN.noticeToChargeSeconds * 1000).toISOString();
    due.thenEvents([
      {
        type: 'RenewalNoticeSent',
        data: { ...sub, cycle: 1, attempt: 1, paymentId, amountPaise: FEE, chargeOn },
      },
    ]);
    expect(due.effects).toMatchObject({
      startCharge: { paymentId, amountPaise: FEE },
      calls: [{ call: 'charge', paymentId }],
      decidedAt: now,
    });
  });

  it("keeps what its events say of each renewal charge: the notice's date, its failure, its renewal", () => {
    const paymentId = renewalPaymentId(SUB, 1, 1);
    const notice: PaymentsEvent = {
      type: 'RenewalNoticeSent',
      data: { ...sub, cycle: 1, attempt: 1, paymentId, amountPaise: 1, chargeOn: END.toISOString() },
    };
    const renewed: PaymentsEvent = { type: 'SubscriptionRenewed', data: { ...cycle, cycle: 2, paymentId } };
    const { state } = membership.given([...active, notice, renewed]).when(when({ on: 'auto-renewal', autoRenewal: true }, START));
    expect(state.charges[paymentId]).toEqual({ chargeOn: END, renewed: true });
    expect(state.subscription).toMatchObject({ status: 'active', cycle: 2 });
  });

  it('turns auto-renewal off once, and refuses a membership it does not have', () => {
    const off = membership.given(active).when(when({ on: 'auto-renewal', autoRenewal: false }, START));
    off.thenEvents([{ type: 'AutoRenewalChanged', data: { ...sub, autoRenewal: false } }]);
    expect(off.effects?.signals).toMatchObject([{ kind: 'autoRenewalChanged', autoRenewal: false }]);
    membership
      .given([...active, { type: 'AutoRenewalChanged', data: { ...sub, autoRenewal: false } }])
      .when(when({ on: 'auto-renewal', autoRenewal: false }, START))
      .thenEvents([]);
    membership
      .given([])
      .when(when({ on: 'cycle-end', cycle: 1 }, END))
      .thenRefused({ kind: 'not_found' });
  });
});
