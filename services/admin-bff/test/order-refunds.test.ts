import { paymentInitiatedEvent, paymentRefundedEvent, paymentSucceededEvent } from '@elts/contracts/testing';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byOperator, minutesAgo, OPERATOR, query, record, recordOrder, registerMember, settled, startAdminBff } from './helpers.js';

/**
 * Every refund on its order, and one story on every page (issue 32): the Orders page lists each refund of an order
 * (an exchange's, a late payment's, one sent again) with where it stands, and its revenue is what the payments kept,
 * the same as the Payments page's product revenue.
 */
describe.each(DATABASE_KINDS)('refunds on the Orders page on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string };
  let memberId: string;

  /** A product order paid by one payment, recorded as orders and payments record it. */
  async function paidOrder(orderId: string, amountPaise: number, at = minutesAgo(60)) {
    await recordOrder(harness, { orderId, memberId, amountPaise, outcome: 'completed', at });
    const common = { orderId, memberId, paymentType: 'product_order' as const, amountPaise };
    await record(
      harness,
      'payments',
      `payment-PAY-${orderId}`,
      [paymentInitiatedEvent(`PAY-${orderId}`, { ...common, purpose: 'product_order' }), paymentSucceededEvent(`PAY-${orderId}`, common)],
      at,
    );
  }
  /** Payments gives back `amountPaise` of the order's payment, as its events say. */
  async function paymentsRefund(orderId: string, refundId: string, amountPaise: number) {
    await record(harness, 'payments', `payment-PAY-${orderId}`, [
      {
        type: 'RefundRequested',
        data: { paymentId: `PAY-${orderId}`, refundId, orderId, memberId, amountPaise, reason: 'No replacement' },
      },
      paymentRefundedEvent(`PAY-${orderId}`, { orderId, memberId, amountPaise, refundId }),
    ]);
  }
  const exchangeRefunded = (orderId: string, refundId: string, amountPaise: number, refundStatus: string) =>
    byOperator({
      type: 'ExchangeRefunded',
      data: { orderId, memberId, exchangeId: `${orderId}-X1`, refundId, amountPaise, reason: 'No replacement in stock', refundStatus },
    });

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin } = await startAdminBff(kind));
    memberId = await registerMember(harness, { memberNumber: 1, firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in' });
    // Refunded through an exchange with no replacement: the money went back.
    await paidOrder('ORD-EXCH', 450_000);
    await record(harness, 'orders', 'order-ORD-EXCH', [exchangeRefunded('ORD-EXCH', 'RF-EXCH', 450_000, 'success')]);
    await paymentsRefund('ORD-EXCH', 'RF-EXCH', 450_000);
    // Kept in full.
    await paidOrder('ORD-KEPT', 120_000);
    // Its exchange's refund failed at the gateway: nothing went back yet.
    await paidOrder('ORD-FAIL', 300_000);
    await record(harness, 'orders', 'order-ORD-FAIL', [exchangeRefunded('ORD-FAIL', 'RF-FAIL', 300_000, 'failed')]);
    await settled(harness, admin);
  }, 120_000);
  afterAll(async () => harness?.close());

  const get = async (path: string, params: Record<string, string> = {}) => {
    const { status, body } = await harness.json(`${path}${query(params)}`, { token: admin.token });
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const row = async (orderId: string) => (await get('/admin/product-orders', { searchTerm: orderId })).orders[0];

  it.runIf(available)('shows an exchange refund on its order, and counts revenue net of it as the Payments page does', async () => {
    expect(await row('ORD-EXCH')).toMatchObject({
      status: 'completed',
      amount: 4500,
      netAmount: 0,
      refunds: [{ refundId: 'RF-EXCH', kind: 'exchange', method: 'fund_transfer', amount: 4500, state: 'refunded', retry: null }],
    });
    expect(await row('ORD-KEPT')).toMatchObject({ netAmount: 1200, refunds: [] });
    const orders = (await get('/admin/product-orders/stats')).data.totalRevenue;
    const payments = (await get('/admin/payments/stats', { paymentType: 'product_order' })).data.totalRevenue;
    // ORD-EXCH gave everything back; ORD-FAIL kept its money (its refund failed): 1,200 + 3,000.
    expect(orders).toBe(4200);
    expect(payments).toBe(orders);
  });

  it.runIf(available)('shows a failed refund for an operator to send again, then the one sent again with it', async () => {
    expect((await row('ORD-FAIL')).refunds).toMatchObject([{ refundId: 'RF-FAIL', state: 'refund_failed', retry: null }]);
    await record(harness, 'orders', 'order-ORD-FAIL', [
      byOperator({ type: 'RefundRetryChosen', data: { orderId: 'ORD-FAIL', memberId, retryOf: 'RF-FAIL', method: 'fund_transfer' } }),
      {
        type: 'RefundRetried',
        data: {
          orderId: 'ORD-FAIL',
          memberId,
          refundId: 'RF-AGAIN',
          retryOf: 'RF-FAIL',
          method: 'fund_transfer',
          amountPaise: 300_000,
          reason: 'No replacement in stock',
          refundStatus: 'pending',
        },
      },
    ]);
    await settled(harness, admin);
    expect((await row('ORD-FAIL')).refunds).toMatchObject([
      { refundId: 'RF-FAIL', state: 'refund_failed', retry: 'fund_transfer' },
      { refundId: 'RF-AGAIN', kind: 'exchange', state: 'refunding', retryOf: 'RF-FAIL' },
    ]);
    const audit = (await get('/admin/audit')).data as { actor: string; action: string; target: string }[];
    expect(audit).toContainEqual(expect.objectContaining({ actor: OPERATOR, action: 'order.refund_sent_again', target: 'ORD-FAIL' }));

    await record(harness, 'orders', 'order-ORD-FAIL', [
      { type: 'OrderRefundSettled', data: { orderId: 'ORD-FAIL', memberId, refundId: 'RF-AGAIN', outcome: 'success' } },
    ]);
    await settled(harness, admin);
    expect((await row('ORD-FAIL')).refunds[1]).toMatchObject({ refundId: 'RF-AGAIN', state: 'refunded' });
  });

  it.runIf(available)('shows a late payment refunded automatically as refunding until the gateway settles it', async () => {
    await recordOrder(harness, { orderId: 'ORD-LATE', memberId, amountPaise: 90_000, outcome: 'failed', at: minutesAgo(30) });
    await record(harness, 'orders', 'order-ORD-LATE', [
      {
        type: 'OrderRefunded',
        data: {
          orderId: 'ORD-LATE',
          memberId,
          refundId: 'RF-LATE',
          amountPaise: 90_000,
          reason: 'Out of stock when the payment arrived',
          kind: 'late_payment',
          refundStatus: 'pending',
        },
      },
    ]);
    await settled(harness, admin);
    expect(await row('ORD-LATE')).toMatchObject({
      status: 'cancelled',
      refunds: [{ refundId: 'RF-LATE', kind: 'late_payment', state: 'refunding', settledAt: null }],
    });
    await record(harness, 'orders', 'order-ORD-LATE', [
      { type: 'OrderRefundSettled', data: { orderId: 'ORD-LATE', memberId, refundId: 'RF-LATE', outcome: 'success' } },
    ]);
    await settled(harness, admin);
    expect((await row('ORD-LATE')).refunds).toMatchObject([{ state: 'refunded', settledAt: expect.any(String) }]);
  });
});
