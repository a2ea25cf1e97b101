import type { NewEvent, StoredEvent } from '@elts/platform';
import type { PaymentPhase } from '@elts/workflows';

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

export function foldPayment(events: StoredEvent[]): PaymentState | undefined {
  let state: PaymentState | undefined;
  for (const { type, data, recordedAt } of events as StoredEvent<any>[]) {
    if (type === 'PaymentInitiated') {
      state = {
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
        createdAt: recordedAt,
      };
    } else if (state) {
      if (type === 'PaymentProcessing') state = { ...state, phase: 'processing' };
      if (type === 'PaymentSucceeded') state = { ...state, phase: 'success' };
      if (type === 'PaymentFailed') state = { ...state, phase: 'failed', autoFailed: data.autoFailed };
    }
  }
  return state;
}

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
export function decideSuccess(state: PaymentState, settlement: Settlement): NewEvent[] {
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
export function decideFailure(state: PaymentState, failure: Failure): NewEvent[] {
  if (state.phase === 'success' || state.phase === 'failed') return [];
  return [{ type: 'PaymentFailed', data: { ...base(state), ...failure } }];
}

export function decideProcessing(state: PaymentState): NewEvent[] {
  return state.phase === 'pending' ? [{ type: 'PaymentProcessing', data: { paymentId: state.paymentId } }] : [];
}
