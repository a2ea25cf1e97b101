import { REFUND_CREDIT } from '@elts/contracts';
import { deciderSpec, type GivenEvent } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { orderDecider } from '../src/domain/order-decider.js';
import type { OrderEvent } from '../src/domain/order-events.js';

const orderId = 'ORD-000000000001';
const memberId = '6f1c2d4e-0000-4000-8000-000000000001';
const ids = { orderId, memberId };
const now = new Date('2026-11-20T06:30:00Z');
const address = { line1: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' } as never;

const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    ...ids,
    productId: 'PRD-AAAAAA',
    product: { name: 'Sony XM5', brand: 'Sony', category: 'Electronics', images: [] },
    quantity: 1,
    unitPricePaise: 2_699_000,
    creditPaise: 0,
    amountPaise: 2_699_000,
    customer: { email: 'asha@example.in', phone: '9800000000', firstName: 'Asha', lastName: 'K' },
    shippingAddress: address,
    billingAddress: address,
    variantGroup: null,
    reservedUntil: null,
    fromWaitlist: false,
    retailUnitPaise: null,
    retailRecordedAt: null,
  },
};
const paid: GivenEvent<OrderEvent> = {
  type: 'OrderCompleted',
  data: { ...ids, productId: 'PRD-AAAAAA', quantity: 1, amountPaise: 2_699_000, paymentId: 'PAY-1', transactionId: null, method: 'upi' },
  recordedAt: new Date('2026-11-18T06:30:00Z'),
};
const step = { ...ids, shipment: 1 };
const delivered: OrderEvent[] = [
  { type: 'OrderProcessingStarted', data: step },
  { type: 'OrderShipped', data: { ...step, courier: 'Blue Dart', awbNumber: 'AWB1', trackingUrl: 'https://track.example/AWB1' } },
  { type: 'OrderDelivered', data: { ...step, deliveredOn: '2026-11-19', exchangeWindowDays: 7 } },
];
const asked = {
  reason: 'damaged' as const,
  note: 'The box was crushed.',
  productId: 'PRD-AAAAAA',
  product: { name: 'Sony XM5', brand: 'Sony', images: [], pricePaise: 2_699_000 },
};
const requested: OrderEvent = { type: 'ExchangeRequested', data: { ...ids, exchangeId: `${orderId}-X1`, shipment: 1, ...asked } };

describe('an order, given its events, when an operator or its member acts', () => {
  const order = deciderSpec(orderDecider);

  it('moves a paid shipment one step, and refuses an unpaid order or one that is not there', () => {
    const fulfil = (request: object) => ({ kind: 'fulfil' as const, request: request as never, now, exchangeWindowDays: 7 });
    order
      .given([placed, paid])
      .when(fulfil({ step: 'processing' }))
      .thenEvents([{ type: 'OrderProcessingStarted', data: step }]);
    order
      .given([placed])
      .when(fulfil({ step: 'processing' }))
      .thenRefused({ kind: 'conflict' });
    order
      .given([])
      .when(fulfil({ step: 'processing' }))
      .thenRefused({ kind: 'not_found', message: 'Order not found' });
    order
      .given([placed, paid, ...delivered])
      .when(fulfil({ step: 'delivered', delivered_on: '2026-11-19' }))
      .thenEvents([]);
  });

  it('cancels a paid order out of stock, choosing the fund transfer at once without a membership', () => {
    const cancel = (membershipActive: boolean) => ({
      kind: 'cancel-out-of-stock' as const,
      reason: 'Out of stock',
      now,
      membershipActive,
      choiceSeconds: 3 * 86_400,
    });
    const cancelled = {
      type: 'OrderCancelledOutOfStock' as const,
      data: {
        ...ids,
        productId: 'PRD-AAAAAA',
        amountPaise: 2_699_000,
        creditPaise: 0,
        reason: 'Out of stock',
        choiceBy: '2026-11-23T06:30:00.000Z',
        creditsOffered: false,
      },
    };
    order
      .given([placed, paid])
      .when(cancel(false))
      .thenEvents([cancelled, { type: 'OrderRefundChosen', data: { ...ids, choice: 'fund_transfer', by: 'no_membership' } }]);
    expect(order.given([placed, paid]).when(cancel(true)).decision).toHaveLength(1);
    order
      .given([placed, paid, cancelled, { type: 'OrderRefundChosen', data: { ...ids, choice: 'fund_transfer', by: 'no_membership' } }])
      .when({ kind: 'choose-refund', choice: 'credits', by: 'member', now, membershipActive: true })
      .thenRefused({ kind: 'conflict', message: REFUND_CREDIT.notUsable });
  });

  it('takes an exchange request in its window and decides it once', () => {
    order
      .given([placed, paid, ...delivered])
      .when({ kind: 'request-exchange', ask: asked, now, exchangeWindowDays: 7 })
      .thenEvents([requested]);
    const exchangeId = `${orderId}-X1`;
    order
      .given([placed, paid, ...delivered, requested])
      .when({ kind: 'approve-exchange', exchangeId })
      .thenEvents([{ type: 'ExchangeApprovalStarted', data: { ...ids, exchangeId, shipment: 2, productId: 'PRD-AAAAAA' } }]);
    const refused: OrderEvent = { type: 'ExchangeRefused', data: { ...ids, exchangeId, reason: 'No damage shown.' } };
    order
      .given([placed, paid, ...delivered, requested])
      .when({ kind: 'refuse-exchange', exchangeId, reason: 'No damage shown.' })
      .thenEvents([refused]);
    order
      .given([placed, paid, ...delivered, requested, refused])
      .when({ kind: 'refuse-exchange', exchangeId, reason: 'No damage shown.' })
      .thenEvents([]);
    order
      .given([placed, paid, ...delivered, requested, refused])
      .when({ kind: 'approve-exchange', exchangeId })
      .thenRefused({ kind: 'conflict', message: 'This exchange was already refused.' });
    order
      .given([placed, paid, ...delivered, requested, refused])
      .when({ kind: 'finish-exchange', exchangeId, shipsBy: '2026-11-25' })
      .thenEvents([]);
  });

  it('records a refund’s settlement once, and none for what is not an order of ours', () => {
    const settled: OrderEvent = { type: 'OrderRefundSettled', data: { ...ids, refundId: 'RF-1', outcome: 'failed' } };
    order.given([placed, paid]).when({ kind: 'record-refund-outcome', refundId: 'RF-1', outcome: 'failed' }).thenEvents([settled]);
    order.given([placed, paid, settled]).when({ kind: 'record-refund-outcome', refundId: 'RF-1', outcome: 'failed' }).thenEvents([]);
    order.given([]).when({ kind: 'record-refund-outcome', refundId: 'RF-1', outcome: 'success' }).thenEvents([]);
    order
      .given([placed, paid])
      .when({ kind: 'choose-refund-retry', retryOf: 'RF-9', method: 'fund_transfer', membershipActive: false })
      .thenRefused({ kind: 'not_found', message: 'Refund not found' });
  });
});
