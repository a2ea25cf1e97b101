import type { StoredEvent } from '@elts/platform';
import { cycleEnd, type MembershipPlan, type MembershipStatus, renewalVerdict } from '@elts/workflows';
import { asPaymentsEvents, type PaymentsEvent, type PaymentsEventOf } from './payments-events.js';

/** A membership as its own events tell it. */
export interface SubscriptionState {
  subscriptionId: string;
  memberId: string;
  status: MembershipStatus;
  autoRenewal: boolean;
  amountPaise: number;
  cycle: number;
  startDate: Date | null;
  endDate: Date | null;
  paymentId: string;
  mandateId: string | null;
}

export const subscriptionStream = (subscriptionId: string) => `subscription-${subscriptionId}`;

export function foldSubscription(events: readonly StoredEvent[]): SubscriptionState | undefined {
  return asPaymentsEvents(events).reduce<SubscriptionState | undefined>(evolveSubscription, undefined);
}

/**
 * One event's change to a membership. Also applied to events not yet recorded, so the cycle's decisions see the
 * membership as their own events leave it (processes/membership/decider.ts).
 */
export function evolveSubscription(state: SubscriptionState | undefined, event: PaymentsEvent): SubscriptionState | undefined {
  if (event.type === 'SubscriptionRequested') {
    const { data } = event;
    return {
      subscriptionId: data.subscriptionId,
      memberId: data.memberId,
      status: 'pending',
      autoRenewal: data.autoRenewal,
      amountPaise: data.amountPaise,
      cycle: 0,
      startDate: null,
      endDate: null,
      paymentId: data.paymentId,
      mandateId: null,
    };
  }
  if (!state) return state;
  switch (event.type) {
    case 'MandateAuthorized':
      return { ...state, mandateId: event.data.mandateId };
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed': {
      const { cycle, startDate, endDate } = event.data;
      return { ...state, status: 'active', cycle, startDate: new Date(startDate), endDate: new Date(endDate) };
    }
    case 'SubscriptionFailed':
      return { ...state, status: 'failed' };
    case 'SubscriptionExpired':
      return { ...state, status: 'expired' };
    case 'SubscriptionCancelled':
      return { ...state, status: event.data.revoked ? 'revoked' : 'cancelled', autoRenewal: false };
    case 'AutoRenewalChanged':
      return { ...state, autoRenewal: event.data.autoRenewal };
    default:
      return state;
  }
}

const statusChanged = (
  state: SubscriptionState,
  status: MembershipStatus,
  validUntil: Date | null,
): PaymentsEventOf<'SubscriptionStatusChanged'> => ({
  type: 'SubscriptionStatusChanged',
  data: { subscriptionId: state.subscriptionId, memberId: state.memberId, status, validUntil: validUntil?.toISOString() ?? null },
});

export type ActivationVerdict = 'activate' | 'already_active' | 'refuse';

/**
 * Whether a first payment may start this membership. Only an attempt still pending may: one that failed, timed out
 * or was cancelled stays ended even if its old mandate link is approved later, and a member who already has another
 * active membership never gets a second (two mandates, two debits). A refused payment is refunded by the caller.
 */
export function activationVerdict(state: SubscriptionState, memberHasOtherActiveMembership: boolean): ActivationVerdict {
  if (state.cycle > 0) return 'already_active';
  if (state.status !== 'pending' || memberHasOtherActiveMembership) return 'refuse';
  return 'activate';
}

/** The first payment went through: the mandate is in place and the first year starts now (see `activationVerdict`). */
export function decideActivation(
  state: SubscriptionState,
  mandate: { mandateId: string; method: 'upi' | 'card' | 'netbanking' | 'other'; maxAmountPaise: number },
  at: Date,
  plan: MembershipPlan,
  memberHasOtherActiveMembership: boolean,
): PaymentsEvent[] {
  if (activationVerdict(state, memberHasOtherActiveMembership) !== 'activate') return [];
  const endDate = cycleEnd(at, plan);
  const ids = { subscriptionId: state.subscriptionId, memberId: state.memberId };
  return [
    { type: 'MandateAuthorized', data: { ...ids, ...mandate } },
    {
      type: 'SubscriptionActivated',
      data: { ...ids, cycle: 1, startDate: at.toISOString(), endDate: endDate.toISOString(), paymentId: state.paymentId },
    },
    statusChanged(state, 'active', endDate),
  ];
}

export function decideAuthorizationFailure(state: SubscriptionState, reason: string): PaymentsEvent[] {
  if (state.status !== 'pending') return [];
  return [
    { type: 'SubscriptionFailed', data: { subscriptionId: state.subscriptionId, memberId: state.memberId, reason } },
    statusChanged(state, 'failed', null),
  ];
}

/** Whether this payment already renewed the subscription (its `SubscriptionRenewed` names it). */
export function renewedBy(history: readonly StoredEvent[], paymentId: string): boolean {
  return asPaymentsEvents(history).some((event) => event.type === 'SubscriptionRenewed' && event.data.paymentId === paymentId);
}

/** A renewal charge went through: the next cycle runs from the end of this one (see `renewalVerdict`, `@elts/workflows` flows/membership-cycle.ts). */
export function decideRenewal(state: SubscriptionState, forCycle: number, paymentId: string, plan: MembershipPlan): PaymentsEvent[] {
  if (renewalVerdict(state, forCycle, false) !== 'renew' || !state.endDate) return [];
  const start = state.endDate;
  const end = cycleEnd(start, plan);
  return [
    {
      type: 'SubscriptionRenewed',
      data: {
        subscriptionId: state.subscriptionId,
        memberId: state.memberId,
        cycle: forCycle + 1,
        startDate: start.toISOString(),
        endDate: end.toISOString(),
        paymentId,
      },
    },
    statusChanged(state, 'active', end),
  ];
}

/** A cycle ran out without a renewal. */
export function decideExpiry(state: SubscriptionState, cycle: number, now: Date): PaymentsEvent[] {
  if (state.status !== 'active' || state.cycle !== cycle || !state.endDate || state.endDate > now) return [];
  return [
    { type: 'SubscriptionExpired', data: { subscriptionId: state.subscriptionId, memberId: state.memberId } },
    statusChanged(state, 'expired', null),
  ];
}

/** Cancelling (or revoking the mandate) ends the membership at once and cannot be undone. */
export function decideCancellation(state: SubscriptionState, reason: string, revoked: boolean): PaymentsEvent[] {
  if (state.status !== 'active' && state.status !== 'pending') return [];
  return [
    { type: 'SubscriptionCancelled', data: { subscriptionId: state.subscriptionId, memberId: state.memberId, reason, revoked } },
    statusChanged(state, revoked ? 'revoked' : 'cancelled', null),
  ];
}

export function decideAutoRenewal(state: SubscriptionState, autoRenewal: boolean): PaymentsEvent[] {
  if (state.autoRenewal === autoRenewal || (state.status !== 'active' && state.status !== 'pending')) return [];
  return [{ type: 'AutoRenewalChanged', data: { subscriptionId: state.subscriptionId, memberId: state.memberId, autoRenewal } }];
}
