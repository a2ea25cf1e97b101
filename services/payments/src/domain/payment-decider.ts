import { countOf } from '@elts/contracts';
import { type Decider, refusal } from '@elts/platform';
import { afterAsking, type PaymentTrigger } from '@elts/workflows';
import {
  decideFailure,
  decideProcessing,
  decideSuccess,
  evolvePayment,
  type Failure,
  type GatewayReading,
  type PaymentState,
} from './payment.js';
import type { PaymentsEvent } from './payments-events.js';
import { decideRefund, decideRefundOutcome, evolveRefunds, type NewRefund, type RefundState, type RefundStatus } from './refund.js';

/**
 * A payment's stream (docs/decisions/0163): the payment itself and every refund of it, decided through one decider.
 * Its refunds live on it so the cap (never more back than was paid) is decided in the stream's own transaction.
 */
export interface PaymentStreamState {
  payment: PaymentState | undefined;
  refunds: RefundState[];
}

export type PaymentCommand =
  /** A move of the payment flow (`@elts/workflows` flows/payment-timeout.ts) after the gateway was asked. */
  | { kind: 'advance'; trigger: PaymentTrigger; reading: GatewayReading; timeoutMinutes: number }
  /** A renewal charge called off or never raised: it fails with nothing taken. */
  | { kind: 'fail'; failure: Failure }
  /** Give (part of) a successful payment back, under the caller's refund id. */
  | { kind: 'request-refund'; refund: NewRefund }
  /** The gateway's word about a refund (as `refund` was when asked, should the stream not know it). */
  | { kind: 'record-refund-outcome'; refund: RefundState; status: RefundStatus };

const NO_PAYMENT = refusal('not_found', 'No such payment');

/** The events the flow's move calls for, decided on the payment as it is. */
function advance(payment: PaymentState, command: Extract<PaymentCommand, { kind: 'advance' }>): PaymentsEvent[] {
  const { trigger, reading } = command;
  switch (afterAsking(payment.phase, trigger, reading)) {
    case 'succeed':
    case 'succeed_late':
      return reading.verdict === 'paid' ? decideSuccess(payment, reading.settlement) : [];
    case 'fail_declined':
      return reading.verdict === 'declined'
        ? decideFailure(payment, {
            reason: reading.reason,
            method: reading.method,
            autoFailed: false,
            timeoutMinutes: null,
            cancelled: reading.cancelled ?? false,
          })
        : [];
    case 'fail_timed_out':
      return decideFailure(payment, {
        reason: `Payment timed out after ${countOf(command.timeoutMinutes, 'minute')}`,
        method: null,
        autoFailed: true,
        timeoutMinutes: command.timeoutMinutes,
      });
    case 'mark_processing':
      return decideProcessing(payment);
    case 'nothing':
      return [];
  }
}

export const paymentDecider: Decider<PaymentStreamState, PaymentCommand, PaymentsEvent> = {
  initialState: () => ({ payment: undefined, refunds: [] }),
  evolve: (state, event) => ({ payment: evolvePayment(state.payment, event), refunds: evolveRefunds(state.refunds, event) }),
  decide: (command, { payment, refunds }) => {
    switch (command.kind) {
      // A move for a payment we do not have changes nothing.
      case 'advance':
        return payment ? advance(payment, command) : [];
      case 'fail':
        return payment ? decideFailure(payment, command.failure) : [];
      case 'request-refund': {
        if (!payment) return NO_PAYMENT;
        const decision = decideRefund(payment, refunds, command.refund);
        return 'refusal' in decision ? decision.refusal : decision.events;
      }
      case 'record-refund-outcome': {
        const known = refunds.find((refund) => refund.refundId === command.refund.refundId) ?? command.refund;
        return decideRefundOutcome(known, command.status);
      }
    }
  },
};
