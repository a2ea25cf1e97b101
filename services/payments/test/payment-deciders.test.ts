import { deciderSpec, type GivenEvent } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { invoiceDecider } from '../src/domain/invoice-stream.js';
import { type PaymentCommand, paymentDecider } from '../src/domain/payment-decider.js';
import type { PaymentsEvent, PaymentsEventOf } from '../src/domain/payments-events.js';
import type { RefundState } from '../src/domain/refund.js';

/** Payments' deciders, given their streams' events, when a command: the events recorded, or the refusal (docs/decisions/0163). */

const memberId = '6f1c2d4e-0000-4000-8000-000000000001';
const ids = { paymentId: 'PAY-1', orderId: 'ORD-1', memberId };

const initiated: PaymentsEvent = {
  type: 'PaymentInitiated',
  data: {
    ...ids,
    amountPaise: 100_000,
    currency: 'INR',
    paymentType: 'product_order',
    gateway: 'emulator',
    purpose: 'product_order',
    subscriptionId: null,
    timeoutAt: '2026-11-28T10:15:00.000Z',
  },
};
const settlement = { method: 'upi' as const, gatewayPaymentId: 'cf_1', bankReference: 'BANK1' };
const succeeded: PaymentsEvent = {
  type: 'PaymentSucceeded',
  data: { ...ids, amountPaise: 100_000, paymentType: 'product_order', ...settlement, late: false },
};
const paid = { kind: 'advance', trigger: 'gateway', reading: { verdict: 'paid', settlement }, timeoutMinutes: 15 } as const;
const refundAsked = (refundId: string, amountPaise: number): PaymentCommand => ({
  kind: 'request-refund',
  refund: { refundId, amountPaise, reason: 'Out of stock' },
});
const requested = (refundId: string, amountPaise: number): PaymentsEvent => ({
  type: 'RefundRequested',
  data: { ...ids, refundId, amountPaise, reason: 'Out of stock', subscriptionPayment: null },
});

describe("a payment's stream, given its events, when the gateway answers or a refund is asked", () => {
  const payment = deciderSpec(paymentDecider);

  it('records a success once, and a success after the timeout as late', () => {
    payment.given([initiated]).when(paid).thenEvents([succeeded]);
    payment.given([initiated, succeeded]).when(paid).thenEvents([]);
    const timedOut: PaymentsEvent = {
      type: 'PaymentFailed',
      data: {
        ...ids,
        paymentType: 'product_order',
        reason: 'Payment timed out after 15 minutes',
        method: null,
        autoFailed: true,
        timeoutMinutes: 15,
        cancelled: false,
      },
    };
    payment
      .given([initiated])
      .when({ kind: 'advance', trigger: 'deadline', reading: { verdict: 'unsettled', attempted: false }, timeoutMinutes: 15 })
      .thenEvents([timedOut]);
    payment
      .given([initiated, timedOut])
      .when(paid)
      .thenEvents([{ ...succeeded, data: { ...succeeded.data, late: true } } as PaymentsEvent]);
  });

  it('changes nothing for a payment it does not have', () => {
    payment.given([]).when(paid).thenEvents([]);
    payment.given([]).when(refundAsked('RF-1', 1)).thenRefused({ kind: 'not_found', message: 'No such payment' });
  });

  it('records a refund within what was paid, the same refund again as nothing, and refuses more than is left', () => {
    payment
      .given([initiated, succeeded])
      .when(refundAsked('RF-1', 60_000))
      .thenEvents([requested('RF-1', 60_000)]);
    payment
      .given([initiated, succeeded, requested('RF-1', 60_000)])
      .when(refundAsked('RF-1', 60_000))
      .thenEvents([]);
    payment
      .given([initiated, succeeded, requested('RF-1', 60_000)])
      .when(refundAsked('RF-1', 50_000))
      .thenRefused({ kind: 'conflict', message: 'This refund was already asked for with ₹600.00.' });
    payment
      .given([initiated, succeeded, requested('RF-1', 60_000)])
      .when(refundAsked('RF-2', 50_000))
      .thenRefused({ kind: 'conflict' });
    payment
      .given([initiated])
      .when(refundAsked('RF-1', 1))
      .thenRefused({ kind: 'invalid', message: 'Only a successful payment can be refunded.' });
  });

  it("records the gateway's word about a refund once: taken, then made", () => {
    const given: GivenEvent<PaymentsEvent>[] = [initiated, succeeded, requested('RF-1', 60_000)];
    const refund = { refundId: 'RF-1' } as RefundState;
    const made = { ...ids, refundId: 'RF-1', amountPaise: 60_000, reason: 'Out of stock' };
    payment
      .given(given)
      .when({ kind: 'record-refund-outcome', refund, status: 'pending' })
      .thenEvents([{ type: 'RefundAccepted', data: made }]);
    payment
      .given([...given, { type: 'RefundAccepted', data: made }])
      .when({ kind: 'record-refund-outcome', refund, status: 'success' })
      .thenEvents([{ type: 'PaymentRefunded', data: made }]);
    const settled = payment
      .given([...given, { type: 'PaymentRefunded', data: made }])
      .when({ kind: 'record-refund-outcome', refund, status: 'failed' });
    settled.thenEvents([]);
    expect(settled.state.refunds).toMatchObject([{ refundId: 'RF-1', status: 'success', accepted: true }]);
  });
});

describe("a product order's invoice stream", () => {
  const invoice = { invoiceNumber: 'EG/2026-27/000001' } as PaymentsEventOf<'InvoiceIssued'>['data'];

  it('issues its invoice once', () => {
    const spec = deciderSpec(invoiceDecider);
    spec
      .given([])
      .when({ invoice })
      .thenEvents([{ type: 'InvoiceIssued', data: invoice }]);
    spec
      .given([{ type: 'InvoiceIssued', data: invoice }])
      .when({ invoice })
      .thenEvents([]);
    spec
      .given([{ type: 'InvoiceIssued', data: invoice }])
      .when({})
      .thenEvents([]);
  });
});
