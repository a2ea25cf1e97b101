import { MEMBERSHIP_CREDIT } from '@elts/contracts';
import { type Decider, type Refusal, refusal } from '@elts/platform';
import {
  afterFailedCharge,
  chargeDate,
  chargeFitsCycle,
  type MembershipPlan,
  nextRenewalAttempt,
  type PaymentPhase,
  renewalPaymentId,
  renewalVerdict,
  type SettlementOutcome,
  type WorkflowSignal,
  wantsRenewal,
} from '@elts/workflows';
import type { PaymentsEvent, PaymentsEventOf } from '../../domain/payments-events.js';
import {
  activationVerdict,
  decideActivation,
  decideAuthorizationFailure,
  decideAutoRenewal,
  decideCancellation,
  decideExpiry,
  decideRenewal,
  evolveSubscription,
  type SubscriptionState,
} from '../../domain/subscription.js';

/**
 * Every decision of the membership cycle, in one pure function: `decideMembership(view, input, now, plan)` answers
 * what a trigger does to a membership (the events to record, the renewal charge and notice to start, the year's
 * credit, the timers to change, the gateway calls to make) from the membership as our records have it. The timing
 * and the money rules it applies are `@elts/workflows` flows/membership-cycle.ts (docs/decisions/0032); the
 * membership's process manager (process-manager.ts beside this file) reads what the input needs, has it decided
 * inside the membership's transaction, and carries the answer out. Nothing here reads a clock, a table or the gateway.
 */

/** A renewal charge of the membership, as our records have it. */
export interface RenewalCharge {
  paymentId: string;
  cycle: number;
  attempt: number;
  phase: PaymentPhase;
  amountPaise: number;
  failureReason: string | null;
  /** The date its pre-debit notice gave (null should the notice be missing). */
  chargeOn: Date | null;
  /** A refund of it was asked for or made. */
  refunded: boolean;
  /** It renewed the membership (a `SubscriptionRenewed` names it). */
  renewed: boolean;
  /** Its failure is on the membership's record (`RenewalChargeFailed`). */
  failureRecorded: boolean;
}

/** The membership and its renewal charges, read inside the transaction that records the decision. */
export interface MembershipView {
  state: SubscriptionState;
  charges: RenewalCharge[];
  /** The member has another active membership (read only for a first payment that took money). */
  otherActiveMembership: boolean;
}

/** The mandate a first payment authorised, as the gateway describes it. */
export interface MandateDetails {
  mandateId: string;
  method: 'upi' | 'card' | 'netbanking' | 'other';
  maxAmountPaise: number;
}

/** A trigger, with what had to be asked of the world for it (before the transaction). */
export type CycleInput =
  /** The first payment settled; `mandate` is the gateway's word when it took money. */
  | {
      on: 'first-payment-settled';
      payment: { paymentId: string; phase: PaymentPhase; amountPaise: number };
      mandate: MandateDetails | null;
    }
  /**
   * Renewal attempt `attempt` is due; `chargeWindow`: the gateway's rule for when it debits a charge asked for no
   * earlier than a given instant (Cashfree takes a date). A pure function of the gateway's kind.
   */
  | { on: 'renewal-due'; cycle: number; attempt: number; chargeWindow: (notBefore: Date) => { from: Date; until: Date } }
  /** The gateway took a renewal charge. */
  | { on: 'charge-raised'; paymentId: string }
  /** A renewal charge was asked about at the gateway, with that outcome. */
  | { on: 'charge-check'; paymentId: string; outcome: SettlementOutcome }
  /** A renewal charge settled (its phase is in the view). */
  | { on: 'charge-settled'; paymentId: string }
  /** The cycle's end; its open charges were asked about first. */
  | { on: 'cycle-end'; cycle: number }
  | { on: 'auto-renewal'; autoRenewal: boolean }
  /** The member cancelled, or revoked the mandate. */
  | { on: 'ended'; reason: string; revoke: boolean };

/** The input of one trigger. */
type On<Trigger extends CycleInput['on']> = Extract<CycleInput, { on: Trigger }>;

export type GatewayCall =
  | { call: 'charge'; paymentId: string; amountPaise: number; chargeOn: Date; remarks: string }
  /** Call a raised renewal charge off; once the gateway confirms, its payment fails. */
  | { call: 'cancelCharge'; paymentId: string; reason: string }
  /** `lenient`: a refusal or an outage is only logged (otherwise an outage fails the step, which runs again). */
  | { call: 'cancelMandate'; lenient: boolean }
  /** A full refund, once (refund id `RF-<payment>`); `firstPayment`: known at the gateway by its own id, not ours. */
  | { call: 'refund'; paymentId: string; amountPaise: number; reason: string; firstPayment: boolean };

export interface MembershipDecision {
  /** On the membership's stream. */
  events: PaymentsEvent[];
  /** A renewal charge to record as a payment; its notice is among `events`. */
  startCharge?: { paymentId: string; amountPaise: number; chargeOn: Date };
  /** A cycle began by `events`: its year's credit (on the member's credit stream) and the invoice of `paymentId`. */
  cycleBegan?: { cycle: number; paymentId: string; credit: PaymentsEventOf<'MembershipCreditGranted'> };
  /** Timer changes, sent in the same transaction as the events. */
  signals: WorkflowSignal[];
  /** Gateway calls, in this order, once the events are committed. */
  calls: GatewayCall[];
  /** A charge check's answer, which plans its next check; a charge called off by `calls` makes it 'failed'. */
  outcome?: SettlementOutcome;
  /** Why nothing was done, where that is worth a log line. */
  note?: string;
}

const nothing = (): MembershipDecision => ({ events: [], signals: [], calls: [] });

const open = (phase: PaymentPhase) => phase === 'pending' || phase === 'processing';

/** The membership as the decision's own events leave it. */
function after(state: SubscriptionState, events: PaymentsEvent[]): SubscriptionState {
  return events.reduce<SubscriptionState | undefined>(evolveSubscription, state) ?? state;
}

/**
 * The gateway calls that must be made before anything is recorded: a cancellation recorded while the mandate stays
 * live could not be asked for again (the member no longer has a membership to cancel).
 */
export function callsBeforeEvents(input: CycleInput): GatewayCall[] {
  return input.on === 'ended' ? [{ call: 'cancelMandate', lenient: false }] : [];
}

/** What `input` does to the membership in `view`. Idempotent: the same input on the state it left decides nothing new. */
export function decideMembership(view: MembershipView, input: CycleInput, now: Date, plan: MembershipPlan): MembershipDecision {
  switch (input.on) {
    case 'first-payment-settled':
      return firstPaymentSettled(view, input, now, plan);
    case 'renewal-due':
      return renewalDue(view, input, now, plan);
    case 'charge-raised':
      return chargeRaised(view, input.paymentId);
    case 'charge-check':
      return chargeChecked(view, input.paymentId, input.outcome);
    case 'charge-settled':
      return chargeSettled(view, input.paymentId, now, plan);
    case 'cycle-end':
      return cycleEnded(view, input.cycle, now, plan);
    case 'auto-renewal':
      return autoRenewalChanged(view, input.autoRenewal, plan);
    case 'ended':
      return endedByMember(view, input.reason, input.revoke);
  }
}

/** The credit, invoice and timers of a cycle that `events` begin (activated or renewed), if they begin one. */
function withCycleBegan(state: SubscriptionState, events: PaymentsEvent[], paymentId: string): MembershipDecision {
  const began = events.find((event) => event.type === 'SubscriptionActivated' || event.type === 'SubscriptionRenewed');
  if (!began) return { ...nothing(), events };
  const { cycle, endDate } = began.data;
  const ids = { subscriptionId: state.subscriptionId, memberId: state.memberId };
  return {
    events,
    cycleBegan: {
      cycle,
      paymentId,
      credit: {
        type: 'MembershipCreditGranted',
        data: { ...ids, cycle, amountPaise: MEMBERSHIP_CREDIT.perYearPaise, expiresAt: endDate },
      },
    },
    signals: [{ kind: 'cycleStarted', subscriptionId: state.subscriptionId, cycle, endDate, autoRenewal: state.autoRenewal }],
    calls: [],
  };
}

/**
 * The first payment settled: the membership starts, or the attempt fails and its mandate is cancelled so the old
 * link cannot be approved after the member retried. Money for an attempt that may not start (it had ended, or the
 * member is already a member) is given back, and that attempt's mandate cancelled.
 */
function firstPaymentSettled(
  view: MembershipView,
  input: On<'first-payment-settled'>,
  now: Date,
  plan: MembershipPlan,
): MembershipDecision {
  const { state } = view;
  const { payment } = input;
  if (payment.phase === 'failed')
    return {
      ...nothing(),
      events: decideAuthorizationFailure(state, 'The first payment did not go through'),
      // Lenient: should the mandate still be approved, the activation is refused and the money refunded.
      calls: [{ call: 'cancelMandate', lenient: true }],
    };
  if (payment.phase !== 'success' || !input.mandate) return nothing();
  const verdict = activationVerdict(state, view.otherActiveMembership);
  if (verdict === 'activate')
    return withCycleBegan(state, decideActivation(state, input.mandate, now, plan, view.otherActiveMembership), payment.paymentId);
  if (verdict === 'already_active') return nothing();
  return {
    ...nothing(),
    calls: [
      { call: 'cancelMandate', lenient: true },
      {
        call: 'refund',
        paymentId: payment.paymentId,
        amountPaise: payment.amountPaise,
        reason: 'The membership attempt had already ended',
        firstPayment: true,
      },
    ],
  };
}

/**
 * Renewal attempt n: the notice is recorded with its charge (our mail follows from the notice), dated where the whole
 * notice period has passed, and the charge is raised at the gateway. Keyed by (subscription, cycle, attempt): due
 * again, it finds its notice and raises the same charge, never a second. A charge the gateway could debit after the
 * cycle's end is not raised and no notice goes out: it would pay for a year that may be over by then.
 */
function renewalDue(view: MembershipView, input: On<'renewal-due'>, now: Date, plan: MembershipPlan): MembershipDecision {
  const { state } = view;
  const { cycle, attempt } = input;
  if (!wantsRenewal(state, cycle)) return nothing();
  const paymentId = renewalPaymentId(state.subscriptionId, cycle, attempt);
  const raise = (chargeOn: Date, amountPaise: number): GatewayCall => ({
    call: 'charge',
    paymentId,
    amountPaise,
    chargeOn,
    remarks: `Membership renewal, year ${cycle + 1}`,
  });
  const known = view.charges.find((charge) => charge.paymentId === paymentId);
  if (known) return known.chargeOn && open(known.phase) ? { ...nothing(), calls: [raise(known.chargeOn, known.amountPaise)] } : nothing();
  // The notice is recorded at `now`: the charge is dated where the whole notice period has passed since, and must
  // be debited by the cycle's end.
  const window = input.chargeWindow(chargeDate(now, plan));
  if (!state.endDate || !chargeFitsCycle(window.until, state.endDate))
    return { ...nothing(), note: 'too late to charge before the cycle ends: no notice, no charge' };
  const chargeOn = window.from;
  return {
    events: [
      {
        type: 'RenewalNoticeSent',
        data: { ...chargeIds(state, { cycle, attempt, paymentId }), amountPaise: state.amountPaise, chargeOn: chargeOn.toISOString() },
      },
    ],
    startCharge: { paymentId, amountPaise: state.amountPaise, chargeOn },
    signals: [],
    calls: [raise(chargeOn, state.amountPaise)],
  };
}

/**
 * The gateway took the charge: its checks follow. Should auto-renewal have been turned off (or the membership
 * ended) meanwhile, the toggle's call-off may have reached the gateway before the charge did, so it is called off.
 */
function chargeRaised(view: MembershipView, paymentId: string): MembershipDecision {
  const charge = view.charges.find((one) => one.paymentId === paymentId);
  if (!charge?.chargeOn) return nothing();
  return {
    ...nothing(),
    signals: [
      { kind: 'renewalChargeRaised', subscriptionId: view.state.subscriptionId, paymentId, chargeOn: charge.chargeOn.toISOString() },
    ],
    calls: open(charge.phase) && !wantsRenewal(view.state, charge.cycle) ? [callOff(view.state, paymentId)] : [],
  };
}

/**
 * A charge check: the gateway's answer stands; a charge already settled in our records (by a webhook, or called
 * off) answers how, so its checks stop; one still open that the member no longer wants is called off again, should
 * the first call-off not have got through.
 */
function chargeChecked(view: MembershipView, paymentId: string, outcome: SettlementOutcome): MembershipDecision {
  if (outcome !== 'unchanged') return { ...nothing(), outcome };
  const charge = view.charges.find((one) => one.paymentId === paymentId);
  if (charge?.phase === 'success') return { ...nothing(), outcome: 'succeeded' };
  if (charge?.phase === 'failed') return { ...nothing(), outcome: 'failed' };
  if (!charge || wantsRenewal(view.state, charge.cycle)) return { ...nothing(), outcome };
  return { ...nothing(), calls: [callOff(view.state, paymentId)], outcome };
}

/** A renewal charge settled: a failure is recorded and retried while the member wants the renewal; a success is `paidCharge`. */
function chargeSettled(view: MembershipView, paymentId: string, now: Date, plan: MembershipPlan): MembershipDecision {
  const { state } = view;
  const charge = view.charges.find((one) => one.paymentId === paymentId);
  if (!charge) return nothing();
  if (charge.phase === 'success') return paidCharge(state, charge, plan);
  if (charge.phase !== 'failed' || charge.failureRecorded) return nothing();
  const { cycle, attempt } = charge;
  const events: PaymentsEvent[] = [
    { type: 'RenewalChargeFailed', data: { ...chargeIds(state, charge), reason: charge.failureReason ?? 'The renewal charge failed' } },
  ];
  // No retry once auto-renewal is off or the membership ended; switching it back on starts the next attempt.
  const next = wantsRenewal(state, cycle) ? afterFailedCharge(attempt, now, plan) : 'give_up';
  if (next === 'give_up') return { ...nothing(), events };
  return {
    ...nothing(),
    events,
    signals: [
      { kind: 'renewalRetryDue', subscriptionId: state.subscriptionId, cycle, attempt: attempt + 1, at: next.retryAt.toISOString() },
    ],
  };
}

/**
 * A renewal charge that took the member's money renews the cycle it was raised for only if it may
 * (`renewalVerdict`: that cycle is still running and auto-renewal is on now); any other is refunded in full at once:
 * no money is kept for a year the member does not get or no longer wanted.
 */
function paidCharge(state: SubscriptionState, charge: RenewalCharge, plan: MembershipPlan): MembershipDecision {
  const verdict = renewalVerdict(state, charge.cycle, charge.renewed);
  if (verdict === 'renew') return withCycleBegan(state, decideRenewal(state, charge.cycle, charge.paymentId, plan), charge.paymentId);
  if (verdict === 'already_renewed' || charge.refunded) return nothing();
  return {
    ...nothing(),
    calls: [
      {
        call: 'refund',
        paymentId: charge.paymentId,
        amountPaise: charge.amountPaise,
        reason: refundReason(state, charge.cycle),
        firstPayment: false,
      },
    ],
  };
}

/**
 * The end of a cycle. A charge of the cycle that the gateway has debited renews first (its check may come only after
 * the end), or is refunded; a membership not renewed by then expires, and its mandate is cancelled at the gateway
 * with any renewal charge still open. The gateway calls are made again whenever the step runs again (an outage
 * fails the step): both ends are idempotent.
 */
function cycleEnded(view: MembershipView, cycle: number, now: Date, plan: MembershipPlan): MembershipDecision {
  const decision = nothing();
  let state = view.state;
  for (const charge of view.charges) {
    if (charge.cycle !== cycle || charge.phase !== 'success') continue;
    const paid = paidCharge(state, charge, plan);
    decision.events.push(...paid.events);
    decision.signals.push(...paid.signals);
    decision.calls.push(...paid.calls);
    decision.cycleBegan ??= paid.cycleBegan;
    state = after(state, paid.events);
  }
  const expiry = decideExpiry(state, cycle, now);
  decision.events.push(...expiry);
  if (expiry.length > 0) decision.signals.push({ kind: 'membershipEnded', subscriptionId: state.subscriptionId });
  state = after(state, expiry);
  if (state.status === 'expired' && state.cycle === cycle)
    decision.calls.push({ call: 'cancelMandate', lenient: false }, ...callOffOpen(view.charges, state));
  return decision;
}

/**
 * The auto-renewal toggle. Off calls off, at the gateway, any renewal charge still open, also when it was off
 * already (asking again retries a call-off the gateway could not take): the pre-debit notice promised that turning
 * it off before the charge date stops the renewal. On schedules the cycle's next attempt, if one is left.
 */
function autoRenewalChanged(view: MembershipView, autoRenewal: boolean, plan: MembershipPlan): MembershipDecision {
  const events = decideAutoRenewal(view.state, autoRenewal);
  const state = after(view.state, events);
  const calls = autoRenewal ? [] : callOffOpen(view.charges, state);
  if (events.length === 0) return { ...nothing(), calls };
  const nextAttempt =
    autoRenewal && state.endDate && state.cycle > 0 ? nextRenewalAttempt(lastRenewalAttempt(view.charges, state.cycle), plan) : null;
  return {
    ...nothing(),
    events,
    signals: [
      {
        kind: 'autoRenewalChanged',
        subscriptionId: state.subscriptionId,
        cycle: state.cycle,
        endDate: state.endDate?.toISOString() ?? null,
        autoRenewal,
        nextAttempt,
      },
    ],
    calls,
  };
}

/**
 * Cancelling or revoking ends the membership at once: its timers stop, and a renewal charge still open is called off
 * (its mandate was cancelled first, `callsBeforeEvents`); a debit that lands anyway is refunded.
 */
function endedByMember(view: MembershipView, reason: string, revoke: boolean): MembershipDecision {
  const events = decideCancellation(view.state, reason, revoke);
  const state = after(view.state, events);
  return {
    ...nothing(),
    events,
    signals: events.length > 0 ? [{ kind: 'membershipEnded', subscriptionId: state.subscriptionId }] : [],
    calls: callOffOpen(view.charges, state),
  };
}

/**
 * How far a cycle's renewal has gone, for switching auto-renewal back on: null while one of its charges is open or
 * has paid (kept, not refunded), otherwise its last attempt (0 when none was made). A charge called off or refunded
 * because auto-renewal was off counts as an attempt made, so toggling cannot raise more charges than the plan allows.
 */
export function lastRenewalAttempt(charges: RenewalCharge[], cycle: number): number | null {
  let last = 0;
  for (const charge of charges) {
    if (charge.cycle !== cycle) continue;
    if (open(charge.phase) || (charge.phase === 'success' && !charge.refunded)) return null;
    last = Math.max(last, charge.attempt);
  }
  return last;
}

/** An event of the membership about one of its renewal charges. */
const chargeIds = (state: SubscriptionState, charge: Pick<RenewalCharge, 'cycle' | 'attempt' | 'paymentId'>) => ({
  subscriptionId: state.subscriptionId,
  memberId: state.memberId,
  cycle: charge.cycle,
  attempt: charge.attempt,
  paymentId: charge.paymentId,
});

const callOff = (state: SubscriptionState, paymentId: string): GatewayCall => ({
  call: 'cancelCharge',
  paymentId,
  reason: callOffReason(state),
});

function callOffOpen(charges: RenewalCharge[], state: SubscriptionState): GatewayCall[] {
  return charges.filter((charge) => open(charge.phase)).map((charge) => callOff(state, charge.paymentId));
}

function callOffReason(state: SubscriptionState): string {
  if (state.status === 'active' && !state.autoRenewal) return 'Renewal called off: auto-renewal was turned off';
  if (state.status === 'expired') return 'Renewal called off: the membership had ended';
  if (state.status === 'cancelled' || state.status === 'revoked') return `Renewal called off: the membership was ${state.status}`;
  return 'Renewal called off';
}

function refundReason(state: SubscriptionState, cycle: number): string {
  if (state.cycle !== cycle) return 'The membership had already been renewed for that year';
  if (state.status !== 'active')
    return `The membership had ${state.status === 'expired' ? 'expired' : `been ${state.status}`} before the renewal charge went through`;
  return 'Auto-renewal was turned off before the renewal charge went through';
}

/** What a membership's decision calls for besides its events: a renewal charge, the year's credit, timers, gateway calls. */
export type MembershipEffects = Omit<MembershipDecision, 'events'> & {
  /** When it was decided: a renewal charge started by it is recorded as of then. */
  decidedAt: Date;
};

/** The membership's stream folded: the membership, and what its events say of each renewal charge (by payment id). */
export interface MembershipStreamState {
  subscription: SubscriptionState | undefined;
  charges: Record<string, ChargeRecord>;
}

/** A renewal charge as the membership's events tell it. */
export interface ChargeRecord {
  /** The date its (first) pre-debit notice gave. */
  chargeOn?: Date;
  renewed?: boolean;
  failureRecorded?: boolean;
}

function evolveMembership(stream: MembershipStreamState, event: PaymentsEvent): MembershipStreamState {
  const subscription = evolveSubscription(stream.subscription, event);
  const mark = (paymentId: string, change: (known: ChargeRecord) => ChargeRecord) => ({
    subscription,
    charges: { ...stream.charges, [paymentId]: change(stream.charges[paymentId] ?? {}) },
  });
  switch (event.type) {
    case 'RenewalNoticeSent':
      return mark(event.data.paymentId, (known) => ({ ...known, chargeOn: known.chargeOn ?? new Date(event.data.chargeOn) }));
    case 'SubscriptionRenewed':
      return mark(event.data.paymentId, (known) => ({ ...known, renewed: true }));
    case 'RenewalChargeFailed':
      return mark(event.data.paymentId, (known) => ({ ...known, failureRecorded: true }));
    default:
      return subscription === stream.subscription ? stream : { ...stream, subscription };
  }
}

/** A trigger's input, with what it needs read inside the transaction that records the decision. */
export interface MembershipCommand {
  input: CycleInput;
  /** The membership's renewal charges, as our records have them. */
  charges: RenewalCharge[];
  otherActiveMembership: boolean;
  now: Date;
  plan: MembershipPlan;
}

const NO_MEMBERSHIP = refusal('not_found', 'No such membership');

/**
 * The membership's stream as a decider (docs/decisions/0163): `decideMembership` on its folded state, its events
 * recorded by `handle`, and the rest of the decision (a charge to start, the credit, signals, calls) its effects,
 * which its process manager (process-manager.ts, docs/decisions/0167) carries out: the renewal charge, the credit, the
 * invoice and the signals in the same transaction, the gateway calls and the commands that follow them once
 * committed.
 */
export const membershipDecider: Decider<MembershipStreamState, MembershipCommand, PaymentsEvent, Refusal, MembershipEffects> = {
  initialState: () => ({ subscription: undefined, charges: {} }),
  evolve: evolveMembership,
  decide: ({ input, charges, otherActiveMembership, now, plan }, { subscription: state }) => {
    if (!state) return NO_MEMBERSHIP;
    const { events, ...effects } = decideMembership({ state, charges, otherActiveMembership }, input, now, plan);
    return { events, effects: { ...effects, decidedAt: now } };
  },
};
