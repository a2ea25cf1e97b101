import { paymentInitiatedEvent, paymentRefundedEvent, paymentSucceededEvent, paymentTimedOutEvent } from '@elts/contracts/testing';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutesAgo, query, record, registerMember, settled, startAdminBff } from './helpers.js';

describe.each(DATABASE_KINDS)('refunded payments on the Payments page on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string };

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin } = await startAdminBff(kind));
    const memberId = await registerMember(harness, { memberNumber: 1, firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in' });
    const payment = (paymentId: string, amountPaise: number) => {
      const common = { orderId: `order_${paymentId}`, memberId, paymentType: 'product_order' as const };
      return {
        started: paymentInitiatedEvent(paymentId, { ...common, amountPaise, purpose: 'product_order' }),
        succeeded: (late: boolean) => paymentSucceededEvent(paymentId, { ...common, amountPaise, late }),
        timedOut: paymentTimedOutEvent(paymentId, common),
        refunded: (refundPaise: number) => [
          {
            type: 'RefundRequested',
            data: {
              paymentId,
              refundId: `refund_${paymentId}`,
              orderId: common.orderId,
              memberId,
              amountPaise: refundPaise,
              reason: 'Out of stock',
            },
          },
          paymentRefundedEvent(paymentId, { ...common, amountPaise: refundPaise }),
        ],
      };
    };
    // Paid after its timeout had failed it, then refunded because its stock was gone (decision 0021).
    const late = payment('PAY-LATE', 1_900_000);
    await record(harness, 'payments', 'payment-PAY-LATE', [late.started], minutesAgo(30));
    await record(harness, 'payments', 'payment-PAY-LATE', [late.timedOut], minutesAgo(15));
    await record(harness, 'payments', 'payment-PAY-LATE', [late.succeeded(true), ...late.refunded(1_900_000)], minutesAgo(14));
    const paid = payment('PAY-PAID', 250_000);
    await record(harness, 'payments', 'payment-PAY-PAID', [paid.started, paid.succeeded(false)], minutesAgo(20));
    // Partly refunded: still a success, whose revenue is what was kept.
    const part = payment('PAY-PART', 100_000);
    await record(harness, 'payments', 'payment-PAY-PART', [part.started, part.succeeded(false), ...part.refunded(30_000)], minutesAgo(10));
    await settled(harness, admin);
  }, 120_000);
  afterAll(async () => harness?.close());

  const get = async (path: string, params: Record<string, string> = {}) => {
    const { status, body } = await harness.json(`${path}${query(params)}`, { token: admin.token });
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const ids = async (params: Record<string, string>) =>
    (await get('/admin/payments', params)).payments.map((p: { paymentId: string }) => p.paymentId);

  it.runIf(available)('shows a late payment refunded after its timeout as refunded, with its timeout flag', async () => {
    const [row] = (await get('/admin/payments', { searchTerm: 'PAY-LATE', paymentType: 'product_order' })).payments;
    expect(row).toMatchObject({ paymentId: 'PAY-LATE', status: 'refunded', metadata: { auto_failed: true, timeout_minutes: 15 } });
    expect((await get('/admin/payments', { searchTerm: 'PAY-PART', paymentType: 'product_order' })).payments[0]).toMatchObject({
      status: 'success',
    });
  });

  it.runIf(available)('filters refunded payments apart from the successful ones', async () => {
    expect(await ids({ status: 'refunded' })).toEqual(['PAY-LATE']);
    expect(await ids({ status: 'success', paymentType: 'product_order' })).toEqual(['PAY-PART', 'PAY-PAID']);
    expect(await ids({ status: 'timeout' })).toEqual([]);
  });

  it.runIf(available)('lists each refund as a payment of type refund, with its own status (docs/decisions/0024)', async () => {
    expect(await ids({ paymentType: 'refund' })).toEqual(['refund_PAY-PART', 'refund_PAY-LATE']);
    const [row] = (await get('/admin/payments', { paymentType: 'refund', searchTerm: 'refund_PAY-PART' })).payments;
    expect(row).toMatchObject({ paymentType: 'refund', status: 'success', amount: 300, orderId: 'order_PAY-PART', at_risk: false });
    // A refund keeps no revenue: the payments it gave back from already lost it.
    expect((await get('/admin/payments/stats', { paymentType: 'refund' })).data).toMatchObject({
      totalRevenue: 0,
      totalPayments: 2,
      successfulPayments: 2,
    });
  });

  it.runIf(available)('counts a refunded payment neither among the successful ones nor in the revenue', async () => {
    expect((await get('/admin/payments/stats', { paymentType: 'product_order' })).data).toEqual({
      totalRevenue: 2_500 + 700,
      totalPayments: 3,
      successfulPayments: 2,
      pendingPayments: 0,
      failedPayments: 0,
      timedOutPayments: 0,
    });
    expect((await get('/admin/payments/stats')).data).toMatchObject({ totalRevenue: 2_500 + 700, totalPayments: 5 });
    expect((await get('/admin/payments/stats', { status: 'refunded' })).data).toMatchObject({
      totalRevenue: 0,
      totalPayments: 1,
      successfulPayments: 0,
    });
  });
});
