import { formatRupees } from '@elts/contracts';
import { type NewEvent, type Refusal, refusal, type StoredEvent } from '@elts/platform';
import type { GatewayRefundStatus } from '../gateway/payment-gateway.js';
import type { PaymentState } from './payment.js';

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
export function foldRefunds(events: StoredEvent[]): RefundState[] {
  const refunds = new Map<string, RefundState>();
  for (const { type, data } of events as StoredEvent<any>[]) {
    if (type === 'RefundRequested') {
      refunds.set(data.refundId, {
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
    } else if (type === 'RefundAccepted') {
      const known = refunds.get(data.refundId);
      if (known) refunds.set(data.refundId, { ...known, accepted: true });
    } else if (type === 'PaymentRefunded') {
      const known = refunds.get(data.refundId);
      refunds.set(data.refundId, {
        ...(known ?? { ...data, subscriptionPayment: null }),
        refundId: data.refundId,
        status: 'success',
        accepted: true,
      } as RefundState);
    } else if (type === 'RefundFailed') {
      const known = refunds.get(data.refundId);
      if (known) refunds.set(data.refundId, { ...known, status: 'failed' });
    }
  }
  return [...refunds.values()];
}

/** What a payment can still give back: what it took less every refund that has not failed. */
export function refundablePaise(payment: PaymentState, refunds: RefundState[]): number {
  const given = refunds.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amountPaise, 0);
  return Math.max(0, payment.amountPaise - given);
}

export type RefundDecision = { events: NewEvent[]; refund: RefundState } | { refusal: Refusal };

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
export function decideRefundOutcome(refund: RefundState, status: RefundStatus): NewEvent[] {
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
  return [{ type: status === 'success' ? 'PaymentRefunded' : 'RefundFailed', data }];
}
