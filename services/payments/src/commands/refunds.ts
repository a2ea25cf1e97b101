import { createHash } from 'node:crypto';
import type { Refusal } from '@elts/platform';
import { paymentStream } from '../domain/payment.js';
import type { PaymentStreamState } from '../domain/payment-decider.js';
import { foldRefunds, type NewRefund, type RefundState, refundStatusOf } from '../domain/refund.js';
import { GatewayError, type GatewayRefund } from '../gateway/payment-gateway.js';
import type { PaymentsContext } from './context.js';
import { issueCreditNoteFor } from './invoices.js';
import { onPayment } from './on-payment.js';

/**
 * Refunds: asked for here (recorded first, under the cap, then made at the gateway under our refund id, its
 * idempotency anchor), and settled from the gateway's word: the create answer, a refund webhook, or reconciliation
 * asking again about a refund still pending. Every path re-reads the refund, so any may come twice or late.
 */

export interface RefundView {
  refundId: string;
  paymentId: string;
  orderId: string;
  amountPaise: number;
  status: RefundState['status'];
}

const view = (refund: RefundState): RefundView => ({
  refundId: refund.refundId,
  paymentId: refund.paymentId,
  orderId: refund.orderId,
  amountPaise: refund.amountPaise,
  status: refund.status,
});

/**
 * A payment's stream takes its refunds' requests and their outcomes (answers, webhooks, checks) at once: several
 * refunds asked together, each settled moments later by the gateway's webhook, meet more than three conflicts.
 */
const REFUND_STREAM_ATTEMPTS = 8;

/** Our refund id for a caller's key: the same key for the same order is the same refund (Cashfree allows 3-40 characters). */
export const refundIdFor = (orderId: string, key: string) =>
  `RF-${createHash('sha256').update(`${orderId}:${key}`).digest('hex').slice(0, 24).toUpperCase()}`;

/**
 * Gives (part of) a successful payment's money back. Refused with a sentence when there is no such payment, when it
 * is not a success, when the amount is more than is left to refund, or when the same refund id was asked with another
 * amount (the route answers the refusal, `unlessRefused`); the same refund asked again answers it as it stands (and
 * asks the gateway again while it is pending).
 */
export async function refundPayment(
  context: PaymentsContext,
  paymentId: string,
  request: NewRefund,
): Promise<RefundView | { refusal: Refusal }> {
  const asked = await onPayment(context, paymentId, { kind: 'request-refund', refund: request }, { attempts: REFUND_STREAM_ATTEMPTS });
  if (asked.refusal) return { refusal: asked.refusal };
  const refund = refundIn(asked.state.refunds, request.refundId);
  if (refund.status !== 'pending') return view(refund);
  return view(await settleRefund(context, refund, 'create'));
}

/** A refund the stream's state holds (it was just decided on it). */
function refundIn(refunds: RefundState[], refundId: string): RefundState {
  const refund = refunds.find((known) => known.refundId === refundId);
  if (!refund) throw new Error(`refund ${refundId} is not on its payment's stream`);
  return refund;
}

/** A refund's record as it stands, or undefined. */
export async function loadRefund(context: Pick<PaymentsContext, 'events'>, paymentId: string, refundId: string) {
  return foldRefunds(await context.events.readStream(paymentStream(paymentId))).find((refund) => refund.refundId === refundId);
}

/** Asks the gateway about a pending refund (a webhook named it, or reconciliation found it waiting) and records its outcome. */
export async function advanceRefund(context: PaymentsContext, paymentId: string, refundId: string): Promise<RefundView | undefined> {
  const refund = await loadRefund(context, paymentId, refundId);
  if (!refund) return undefined;
  if (refund.status !== 'pending') return view(refund);
  return view(await settleRefund(context, refund, 'read'));
}

/**
 * Makes or reads the refund at the gateway and records what it says: its success, or its failure when the gateway
 * reports the refund FAILED or CANCELLED. A gateway that cannot answer, or will not make the refund yet (a payment it
 * does not show as paid yet, in a race with its own webhook), leaves it pending: reconciliation asks again for three
 * days (docs/decisions/0017), then it is logged for an operator.
 */
async function settleRefund(context: PaymentsContext, refund: RefundState, first: 'create' | 'read'): Promise<RefundState> {
  let answer: GatewayRefund;
  try {
    answer = first === 'create' ? await create(context, refund) : await read(context, refund);
  } catch (error) {
    const level = error instanceof GatewayError && !error.retryable ? 'error' : 'warn';
    context.logger[level]({ err: error, refundId: refund.refundId }, 'the gateway did not make the refund now; it stays pending');
    return refund;
  }
  return recordOutcome(context, refund, refundStatusOf(answer.status));
}

async function create(context: PaymentsContext, refund: RefundState): Promise<GatewayRefund> {
  try {
    return await context.gateway.refund({
      orderId: refund.orderId,
      refundId: refund.refundId,
      amountPaise: refund.amountPaise,
      note: refund.reason.slice(0, 100),
      ...(refund.subscriptionPayment ? { subscriptionPayment: refund.subscriptionPayment } : {}),
    });
  } catch (error) {
    // Made before under this id (the gateway forgot our idempotency key): it is that refund.
    if (error instanceof GatewayError && error.status === 409) return read(context, refund);
    throw error;
  }
}

async function read(context: PaymentsContext, refund: RefundState): Promise<GatewayRefund> {
  const ask = {
    orderId: refund.orderId,
    refundId: refund.refundId,
    ...(refund.subscriptionPayment ? { subscriptionPayment: refund.subscriptionPayment } : {}),
  };
  try {
    return await context.gateway.getRefund(ask);
  } catch (error) {
    // Recorded, but the gateway never got it (the process stopped between the two): make it now.
    if (error instanceof GatewayError && error.status === 404) return create(context, refund);
    throw error;
  }
}

async function recordOutcome(context: PaymentsContext, refund: RefundState, status: RefundState['status']): Promise<RefundState> {
  // The refund as the stream had it when the outcome was decided.
  const asKnown = ({ refunds }: PaymentStreamState) => refunds.find((known) => known.refundId === refund.refundId) ?? refund;
  const recorded = await onPayment(
    context,
    refund.paymentId,
    { kind: 'record-refund-outcome', refund, status },
    {
      attempts: REFUND_STREAM_ATTEMPTS,
      // Money back from an invoiced payment reduces the tax invoiced: its credit note is issued with the refund.
      alongside: async (unit, { events, before }) => {
        if (events.some((event) => event.type === 'PaymentRefunded')) await issueCreditNoteFor(unit, asKnown(before), context.clock.now());
      },
    },
  );
  if (recorded.refusal) return refund;
  return recorded.events.length > 0 ? { ...asKnown(recorded.before), status } : asKnown(recorded.before);
}
