import { fromIndianWallClock } from '@elts/contracts';
import {
  orderDeliveredEvent,
  orderShippedEvent,
  paymentRefundedEvent,
  subscriptionActivatedEvent,
  subscriptionCancelledEvent,
  subscriptionExpiredEvent,
  subscriptionRenewedEvent,
} from '@elts/contracts/testing';
import { DATABASE_KINDS } from '@elts/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { byOperator, query, record, recordOrder, recordPayment, registerMember, settled, useAdminBff } from './helpers.js';

/** An instant on India's wall clock. */
const ist = (text: string) => fromIndianWallClock(text) as Date;

interface Chart {
  id: string;
  unit: string;
  series: string[];
  points: { start: string; values: number[] }[];
  previous: { start: string; values: number[] }[];
}

describe.each(DATABASE_KINDS)('the back office charts on %s', (kind) => {
  const { available, bff } = useAdminBff(kind);

  beforeAll(async () => {
    if (!available) return;
    const { harness, admin } = bff;
    const member = (n: number, at: Date) =>
      registerMember(harness, { memberNumber: n, firstname: `M${n}`, lastname: 'Test', email: `m${n}@example.in`, at });
    // Sign-ups either side of an Indian midnight (the first is 1 October in India, 18:29 UTC), and one a month before.
    const asha = await member(1, ist('2026-10-01T23:59'));
    await member(2, ist('2026-10-02T00:01'));
    await member(3, ist('2026-09-15T12:00'));

    const pay = (
      paymentId: string,
      orderId: string,
      amountPaise: number,
      at: Date,
      outcome: 'success' | 'timeout' | 'pending',
      refundedPaise = 0,
    ) =>
      recordPayment(harness, { paymentId, orderId, memberId: asha, amountPaise, paymentType: 'product_order', outcome, refundedPaise, at });
    // 1 October: ₹1,000 paid, ₹300 of it refunded; one payment still pending.
    await pay('P1', 'ORD-1', 100_000, ist('2026-10-01T23:58'), 'success', 30_000);
    await pay('P5', 'ORD-5', 10_000, ist('2026-10-01T10:00'), 'pending');
    // The refund's own row is money going back: it is no payment of the charts (not pending, not revenue).
    await record(
      harness,
      'payments',
      'payment-P1',
      [
        {
          type: 'RefundRequested',
          data: { paymentId: 'P1', refundId: 'R1', orderId: 'ORD-1', memberId: asha, amountPaise: 30_000, reason: 'Exchange' },
        },
      ],
      ist('2026-10-01T23:59'),
    );
    // 2 October just after midnight in India (still 1 October in UTC), one refunded in full, one timed out, one more.
    await pay('P2', 'ORD-2', 50_000, ist('2026-10-02T00:01'), 'success');
    await pay('P3', 'ORD-3', 20_000, ist('2026-10-02T09:00'), 'success', 20_000);
    await pay('P4', 'ORD-4', 15_000, ist('2026-10-02T10:00'), 'timeout');
    await pay('P7', 'ORD-7', 30_000, ist('2026-10-02T11:00'), 'success');
    // The period before: 30 September.
    await pay('P6', 'ORD-6', 40_000, ist('2026-09-30T12:00'), 'success');
    // ₹100 of it refunded at 00:30 on 2 October in India (still 1 October in UTC): the refund's day loses it, not the
    // payment's (decision 0170).
    await record(
      harness,
      'payments',
      'payment-P6',
      [paymentRefundedEvent('P6', { orderId: 'ORD-6', memberId: asha, refundId: 'R6', amountPaise: 10_000 })],
      ist('2026-10-02T00:30'),
    );

    const order = (orderId: string, amountPaise: number, at: Date, outcome: 'completed' | 'cancelled' | 'pending') =>
      recordOrder(harness, { orderId, memberId: asha, amountPaise, outcome, at });
    await order('ORD-1', 100_000, ist('2026-10-01T23:58'), 'completed');
    await order('ORD-2', 50_000, ist('2026-10-02T00:01'), 'completed');
    await order('ORD-3', 20_000, ist('2026-10-02T09:00'), 'cancelled');
    await order('ORD-4', 15_000, ist('2026-10-02T10:00'), 'pending');
    await order('ORD-7', 30_000, ist('2026-10-02T11:00'), 'completed');
    // Fulfilment: ORD-1 (paid 23:58 on 1 October) ships two days later and is delivered on the 5th (four days);
    // ORD-7 (paid 11:00 on the 2nd) ships a day and a half later and is not delivered yet.
    const ship = (orderId: string, at: Date) =>
      record(harness, 'orders', `order-${orderId}`, [byOperator(orderShippedEvent(orderId, { memberId: asha }))], at);
    await ship('ORD-1', ist('2026-10-03T23:58'));
    await record(harness, 'orders', 'order-ORD-1', [
      byOperator(orderDeliveredEvent('ORD-1', { memberId: asha, deliveredOn: '2026-10-05' })),
    ]);
    await ship('ORD-7', ist('2026-10-03T23:00'));

    const membership = (id: string, events: { type: string; data: unknown }[], at: Date) =>
      record(harness, 'payments', `subscription-${id}`, events, at);
    await membership('S1', [subscriptionActivatedEvent('S1', { memberId: asha })], ist('2026-10-01T09:00'));
    await membership('S1', [subscriptionRenewedEvent('S1', { memberId: asha })], ist('2026-10-20T09:00'));
    await membership('S2', [subscriptionActivatedEvent('S2', { memberId: asha })], ist('2026-10-05T09:00'));
    await membership('S2', [subscriptionCancelledEvent('S2', { memberId: asha, revoked: true })], ist('2026-10-06T09:00'));
    // A renewal turned off is no change the chart counts: the membership runs on to its end.
    await membership('S3', [subscriptionCancelledEvent('S3', { memberId: asha, revoked: false })], ist('2026-10-07T09:00'));
    await membership('S4', [subscriptionExpiredEvent('S4', { memberId: asha })], ist('2026-10-31T23:59'));
    await membership('S5', [subscriptionExpiredEvent('S5', { memberId: asha })], ist('2026-11-01T00:01'));
    await membership('S6', [subscriptionActivatedEvent('S6', { memberId: asha })], ist('2026-09-10T09:00'));
    await settled(harness, admin, 60_000);
  }, 180_000);

  const charts = async (page: string, params: Record<string, string>) => {
    const { status, body } = await bff.harness.json(`/admin/charts/${page}${query(params)}`, { token: bff.admin.token });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data as { period: unknown; previous: unknown; charts: Chart[] };
  };
  const chart = (answer: { charts: Chart[] }, id: string) => answer.charts.find((c) => c.id === id) as Chart;
  const values = (c: Chart) => c.points.map((p) => [p.start, ...p.values]);
  const before = (c: Chart) => c.previous.map((p) => [p.start, ...p.values]);

  it.runIf(available)('draws revenue net of refunds, payments by status and timeouts per Indian day, with the days before', async () => {
    const answer = await charts('payments', { startDate: '2026-10-01', endDate: '2026-10-02' });
    expect(answer.period).toEqual({ from: '2026-10-01', to: '2026-10-02', bucket: 'day' });
    expect(answer.previous).toEqual({ from: '2026-09-29', to: '2026-09-30' });
    const revenue = chart(answer, 'revenue');
    expect(revenue.unit).toBe('paise');
    // ₹1,000 less ₹300 refunded that day; on the 2nd ₹500 + ₹300 (the payment refunded in full the same day kept
    // nothing), less the ₹100 refunded that day of 30 September's payment, which keeps its ₹400.
    expect(values(revenue)).toEqual([
      ['2026-10-01', 70_000],
      ['2026-10-02', 70_000],
    ]);
    expect(before(revenue)).toEqual([
      ['2026-09-29', 0],
      ['2026-09-30', 40_000],
    ]);
    // A week: ₹1,500 taken less ₹400 refunded in it; the week before, 30 September's ₹400 as it was.
    const week = await charts('payments', { startDate: '2026-10-01', endDate: '2026-10-07', bucket: 'week' });
    expect(values(chart(week, 'revenue'))).toEqual([['2026-10-01', 140_000]]);
    expect(before(chart(week, 'revenue'))).toEqual([['2026-09-24', 40_000]]);
    const status = chart(answer, 'status');
    expect(status.series).toEqual(['success', 'pending', 'failed', 'refunded']);
    expect(values(status)).toEqual([
      ['2026-10-01', 1, 1, 0, 0],
      ['2026-10-02', 2, 0, 1, 1],
    ]);
    expect(values(chart(answer, 'timeouts'))).toEqual([
      ['2026-10-01', 0],
      ['2026-10-02', 1],
    ]);
  });

  it.runIf(available)('counts paid orders and their average kept value, a week being its money over its orders', async () => {
    const days = await charts('orders', { startDate: '2026-10-01', endDate: '2026-10-02' });
    expect(values(chart(days, 'orders'))).toEqual([
      ['2026-10-01', 1],
      ['2026-10-02', 2],
    ]);
    expect(chart(days, 'order_value').unit).toBe('paise');
    expect(values(chart(days, 'order_value'))).toEqual([
      ['2026-10-01', 70_000],
      ['2026-10-02', 40_000],
    ]);
    // ₹1,500 over three orders, not the mean of ₹700 and ₹400.
    const week = await charts('orders', { startDate: '2026-10-01', endDate: '2026-10-07', bucket: 'week' });
    expect(values(chart(week, 'orders'))).toEqual([['2026-10-01', 3]]);
    expect(values(chart(week, 'order_value'))).toEqual([['2026-10-01', 50_000]]);
  });

  it.runIf(available)('averages the days from payment to shipment and to delivery of the orders paid in each bucket', async () => {
    const days = await charts('orders', { startDate: '2026-10-01', endDate: '2026-10-02' });
    const fulfilment = chart(days, 'fulfilment');
    expect([fulfilment.unit, fulfilment.series]).toEqual(['days', ['days_to_ship', 'days_to_deliver']]);
    // Counted on the Indian day each order was paid; 0 where none of that day's orders has got there yet.
    expect(values(fulfilment)).toEqual([
      ['2026-10-01', 2, 4],
      ['2026-10-02', 1.5, 0],
    ]);
    const week = await charts('orders', { startDate: '2026-10-01', endDate: '2026-10-07', bucket: 'week' });
    // (2 + 1.5) / 2 days to ship, to a tenth; one delivery in 4 days.
    expect(values(chart(week, 'fulfilment'))).toEqual([['2026-10-01', 1.8, 4]]);
  });

  it.runIf(available)('counts sign-ups and memberships started, renewed, expired and revoked per month in India', async () => {
    const answer = await charts('members', { startDate: '2026-10-10', endDate: '2026-10-20', bucket: 'month' });
    expect(answer.period).toEqual({ from: '2026-10-01', to: '2026-10-31', bucket: 'month' });
    expect(values(chart(answer, 'signups'))).toEqual([['2026-10-01', 2]]);
    expect(before(chart(answer, 'signups'))).toEqual([['2026-09-01', 1]]);
    const memberships = chart(answer, 'memberships');
    expect(memberships.series).toEqual(['started', 'renewed', 'expired', 'revoked']);
    // The expiry at 00:01 on 1 November in India is November's, though still October in UTC.
    expect(values(memberships)).toEqual([['2026-10-01', 2, 1, 1, 1]]);
    expect(before(memberships)).toEqual([['2026-09-01', 1, 0, 0, 0]]);
  });

  it.runIf(available)('answers a period with nothing in it with zeros in every bucket', async () => {
    const answer = await charts('payments', { startDate: '2025-01-01', endDate: '2025-01-03' });
    for (const c of answer.charts) for (const p of [...c.points, ...c.previous]) expect(p.values.every((v) => v === 0)).toBe(true);
    expect(chart(answer, 'revenue').points).toHaveLength(3);
  });

  it.runIf(available)('refuses a period it cannot draw with a sentence', async () => {
    const ask = (page: string, params: Record<string, string>) =>
      bff.harness.json(`/admin/charts/${page}${query(params)}`, { token: bff.admin.token });
    const backwards = await ask('payments', { startDate: '2026-10-02', endDate: '2026-10-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('The end date must not be before the start date.');
    const tooLong = await ask('payments', { startDate: '2024-01-01', endDate: '2026-01-01' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('A chart draws at most 366 days: choose a shorter period or a longer bucket.');
    expect((await ask('payments', {})).status).toBe(400);
    expect((await ask('refunds', { startDate: '2026-10-01', endDate: '2026-10-02' })).status).toBe(400);
    // Operators only.
    expect((await bff.harness.json('/admin/charts/payments?startDate=2026-10-01&endDate=2026-10-02')).status).toBe(401);
  });
});
