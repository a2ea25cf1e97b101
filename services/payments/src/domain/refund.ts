import { formatRupees } from '@elts/contracts';
import { type Recorded, type Refusal, refusal, type StoredEvent } from '@elts/platform';
import type { GatewayRefundStatus } from '../gateway/payment-gateway.js';
import type { PaymentState } from './payment.js';
import { asPaymentsEvents, type PaymentsEvent } from './payments-events.js';

/**
 * Refunds as the stream of the payment they give back tells them. A refund is a payment of its own (type `refund`,
 * its id our refund id) but its events live on the refunded payment's stream: that stream's transaction is where
 * the cap (never more back than was paid) is decided, so two refunds asked for at once cannot both pass it.
 */

export type RefundStatus = 'pending' | 'success' | 'failed';

export interface RefundState {
  refundId: string;
  paymentId: string;
  orderId: string;
  memberId: string;
  amountPaise: number;
  reason: string;
  status: RefundStatus;
  /** The gateway took the refund and is making it (RefundAccepted): from then the money is on its way. */
  accepted: boolean;
  subscriptionPayment: { subscriptionId: string; paymentId: string } | null;
}

export interface NewRefund {
  refundId: string;
  amountPaise: number;
  reason: string;
  subscriptionPayment?: { subscriptionId: string; paymentId: string } | undefined;
}

/** Every refund of a payment, oldest first. A `PaymentRefunded` with no request before it is a refund from before refunds had records. */
export function foldRefunds(events: readonly StoredEvent[]): RefundState[] {
  return asPaymentsEvents(events).reduce(evolveRefunds, []);
}

/** One event's change to a payment's refunds (in the order they were asked for). */
export function evolveRefunds(refunds: RefundState[], event: Recorded<PaymentsEvent>): RefundState[] {
  const known = (refundId: string) => refunds.find((refund) => refund.refundId === refundId);
  const put = (refund: RefundState) =>
    known(refund.refundId) ? refunds.map((each) => (each.refundId === refund.refundId ? refund : each)) : [...refunds, refund];
  switch (event.type) {
    case 'RefundRequested': {
      const { data } = event;
      return put({
        refundId: data.refundId,
        paymentId: data.paymentId,
        orderId: data.orderId,
        memberId: data.memberId,
        amountPaise: data.amountPaise,
        reason: data.reason,
        status: 'pending',
        accepted: false,
        subscriptionPayment: data.subscriptionPayment ?? null,
      });
    }
    case 'RefundAccepted': {
      const refund = known(event.data.refundId);
      return refund ? put({ ...refund, accepted: true }) : refunds;
    }
    case 'PaymentRefunded':
      return put({ ...(known(event.data.refundId) ?? { ...event.data, subscriptionPayment: null }), status: 'success', accepted: true });
    case 'RefundFailed': {
      const refund = known(event.data.refundId);
      return refund ? put({ ...refund, status: 'failed' }) : refunds;
    }
    default:
      return refunds;
  }
}

/** What a payment can still give back: what it took less every refund that has not failed. */
export function refundablePaise(payment: PaymentState, refunds: RefundState[]): number {
  const given = refunds.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amountPaise, 0);
  return Math.max(0, payment.amountPaise - given);
}

export type RefundDecision = { events: PaymentsEvent[]; refund: RefundState } | { refusal: Refusal };

/**
 * Whether a refund may be asked for. The same refund id again is the same refund (answered as it stands) when its
 * amount matches, a refusal otherwise; a new one must fit in what is left to refund of a successful payment.
 */
export function decideRefund(payment: PaymentState, refunds: RefundState[], request: NewRefund): RefundDecision {
  const same = refunds.find((refund) => refund.refundId === request.refundId);
  if (same) {
    if (same.amountPaise !== request.amountPaise)
      return { refusal: refusal('conflict', `This refund was already asked for with ${formatRupees(same.amountPaise)}.`) };
    return { events: [], refund: same };
  }
  if (payment.phase !== 'success') return { refusal: refusal('invalid', 'Only a successful payment can be refunded.') };
  if (request.amountPaise <= 0) return { refusal: refusal('invalid', 'A refund must be of at least one paisa.') };
  const left = refundablePaise(payment, refunds);
  if (request.amountPaise > left) {
    const said = `A refund cannot be more than what was paid: ${formatRupees(left)} of ${formatRupees(payment.amountPaise)} is left to refund.`;
    return { refusal: refusal('conflict', said) };
  }
  const refund: RefundState = {
    refundId: request.refundId,
    paymentId: payment.paymentId,
    orderId: payment.orderId,
    memberId: payment.memberId,
    amountPaise: request.amountPaise,
    reason: request.reason,
    status: 'pending',
    accepted: false,
    subscriptionPayment: request.subscriptionPayment ?? null,
  };
  const { status: _status, accepted: _accepted, ...data } = refund;
  return { events: [{ type: 'RefundRequested', data }], refund };
}

/** Cashfree's refund words in ours: ONHOLD and PENDING are still on their way. */
export function refundStatusOf(status: GatewayRefundStatus): RefundStatus {
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILED' || status === 'CANCELLED') return 'failed';
  return 'pending';
}

/**
 * What the gateway's word about a pending refund records: its success or its failure (FAILED, CANCELLED), once; or,
 * while it is still making it, that it took it (`RefundAccepted`, once: the refund has started, not merely been asked).
 */
export function decideRefundOutcome(refund: RefundState, status: RefundStatus): PaymentsEvent[] {
  if (refund.status !== 'pending') return [];
  // Taken by the gateway and not settled yet: the refund has started (the member is told so, once).
  if (status === 'pending')
    return refund.accepted
      ? []
      : [
          {
            type: 'RefundAccepted',
            data: {
              paymentId: refund.paymentId,
              orderId: refund.orderId,
              memberId: refund.memberId,
              refundId: refund.refundId,
              amountPaise: refund.amountPaise,
              reason: refund.reason,
            },
          },
        ];
  const data = {
    paymentId: refund.paymentId,
    orderId: refund.orderId,
    memberId: refund.memberId,
    refundId: refund.refundId,
    amountPaise: refund.amountPaise,
    reason: status === 'success' ? refund.reason : 'The payment gateway failed the refund',
  };
  return [status === 'success' ? { type: 'PaymentRefunded', data } : { type: 'RefundFailed', data }];
}
