import type { Recorded, StoredEvent } from '@elts/platform';
import type { PaymentPhase } from '@elts/workflows';
import { asPaymentsEvents, type PaymentsEvent, type PaymentsEventOf } from './payments-events.js';

export type Purpose = 'membership' | 'renewal' | 'product_order';
export type PaymentMethod = 'upi' | 'card' | 'netbanking' | 'other';

/** A payment as its own events tell it. */
export interface PaymentState {
  paymentId: string;
  orderId: string;
  memberId: string;
  amountPaise: number;
  paymentType: 'subscription' | 'product_order' | 'refund';
  purpose: Purpose;
  subscriptionId: string | null;
  /** `simulator`: a payment made before the simulator was removed (decision 0159), as its events say. */
  gateway: 'cashfree' | 'emulator' | 'simulator';
  phase: PaymentPhase;
  autoFailed: boolean;
  createdAt: Date;
}

export const paymentStream = (paymentId: string) => `payment-${paymentId}`;

export function foldPayment(events: readonly StoredEvent[]): PaymentState | undefined {
  return asPaymentsEvents(events).reduce(evolvePayment, undefined);
}

/** One event's change to a payment (its refunds' events are `evolveRefunds`'). */
export function evolvePayment(state: PaymentState | undefined, event: Recorded<PaymentsEvent>): PaymentState | undefined {
  if (event.type === 'PaymentInitiated') {
    const { data } = event;
    return {
      paymentId: data.paymentId,
      orderId: data.orderId,
      memberId: data.memberId,
      amountPaise: data.amountPaise,
      paymentType: data.paymentType,
      purpose: data.purpose,
      subscriptionId: data.subscriptionId,
      gateway: data.gateway,
      phase: 'pending',
      autoFailed: false,
      createdAt: event.recordedAt,
    };
  }
  if (!state) return state;
  if (event.type === 'PaymentProcessing') return { ...state, phase: 'processing' };
  if (event.type === 'PaymentSucceeded') return { ...state, phase: 'success' };
  if (event.type === 'PaymentFailed') return { ...state, phase: 'failed', autoFailed: event.data.autoFailed };
  return state;
}

/** What the gateway says about a payment now (`readGateway`, processes/payment-timeout/payment-flow.ts, asks it). */
export type GatewayReading =
  | { verdict: 'paid'; settlement: Settlement }
  /** `cancelled`: the payer called the payment off at checkout (USER_DROPPED), rather than it being refused. */
  | { verdict: 'declined'; reason: string; method: PaymentMethod | null; cancelled?: boolean }
  /** `attempted`: the payer has started (an attempt is pending), which the spec shows as processing. */
  | { verdict: 'unsettled'; attempted: boolean };

export interface Settlement {
  method: PaymentMethod;
  gatewayPaymentId: string | null;
  bankReference: string | null;
}

const base = (state: PaymentState) => ({
  paymentId: state.paymentId,
  orderId: state.orderId,
  memberId: state.memberId,
  paymentType: state.paymentType,
});

/**
 * A success settles an open payment. A success for a payment already failed (its timeout passed first) is still
 * recorded, marked late: the money was taken, so it is reconciled rather than lost. A repeated success changes nothing.
 */
export function decideSuccess(state: PaymentState, settlement: Settlement): PaymentsEventOf<'PaymentSucceeded'>[] {
  if (state.phase === 'success') return [];
  return [
    {
      type: 'PaymentSucceeded',
      data: { ...base(state), amountPaise: state.amountPaise, ...settlement, late: state.phase === 'failed' },
    },
  ];
}

export interface Failure {
  reason: string;
  method: PaymentMethod | null;
  autoFailed: boolean;
  timeoutMinutes: number | null;
  /** The payer called it off at checkout; nothing was charged. */
  cancelled?: boolean;
}

/** A failure settles an open payment only; a settled payment stays as it is. */
export function decideFailure(state: PaymentState, failure: Failure): PaymentsEventOf<'PaymentFailed'>[] {
  if (state.phase === 'success' || state.phase === 'failed') return [];
  return [{ type: 'PaymentFailed', data: { ...base(state), ...failure, cancelled: failure.cancelled ?? false } }];
}

export function decideProcessing(state: PaymentState): PaymentsEventOf<'PaymentProcessing'>[] {
  return state.phase === 'pending' ? [{ type: 'PaymentProcessing', data: { paymentId: state.paymentId } }] : [];
}
