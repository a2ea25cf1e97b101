import { randomUUID } from 'node:crypto';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendations } from '../src/domain/timeout-rules.js';
import { daysAgo, minutesAgo, type PaymentSpec, query, recordPayment, registerMember, settled, startAdminBff } from './helpers.js';

type Spec = Omit<PaymentSpec, 'memberId'> & { member: 'asha' | 'vikram' | 'meera' | 'stranger' };

/** The payments the screens are checked against; every expected figure below is computed from this list. */
function paymentsOfTheWeek(): Spec[] {
  const list: Spec[] = [
    { paymentId: 'PAY-A1', member: 'asha', paymentType: 'subscription', amountPaise: 117_882, outcome: 'success', at: daysAgo(2) },
    {
      paymentId: 'PAY-A2',
      member: 'vikram',
      paymentType: 'product_order',
      amountPaise: 2_699_000,
      outcome: 'success',
      method: 'card',
      refundedPaise: 100_000,
      at: daysAgo(3),
    },
    { paymentId: 'PAY-A3', member: 'meera', paymentType: 'subscription', amountPaise: 117_882, outcome: 'failed', at: minutesAgo(20 * 60) },
    { paymentId: 'PAY-A4', member: 'asha', paymentType: 'product_order', amountPaise: 1_500_000, outcome: 'timeout', at: minutesAgo(300) },
    {
      paymentId: 'PAY-A5',
      member: 'meera',
      paymentType: 'product_order',
      amountPaise: 899_900,
      outcome: 'timeout-reason',
      at: daysAgo(40),
    },
    { paymentId: 'PAY-A6', member: 'vikram', paymentType: 'subscription', amountPaise: 117_882, outcome: 'pending', at: minutesAgo(13.2) },
    {
      paymentId: 'PAY-A7',
      member: 'meera',
      paymentType: 'product_order',
      amountPaise: 250_000,
      outcome: 'processing',
      at: minutesAgo(14.2),
    },
    { paymentId: 'PAY-A8', member: 'asha', paymentType: 'subscription', amountPaise: 117_882, outcome: 'pending', at: minutesAgo(2) },
    { paymentId: 'PAY-A9', member: 'vikram', paymentType: 'product_order', amountPaise: 50_000, outcome: 'pending', at: minutesAgo(20) },
    // Either side of midnight in India on 9-10 March 2026 (18:30 UTC).
    {
      paymentId: 'PAY-B1',
      member: 'vikram',
      paymentType: 'subscription',
      amountPaise: 117_882,
      outcome: 'success',
      at: new Date('2026-03-09T18:30:00.000Z'),
    },
    {
      paymentId: 'PAY-B2',
      member: 'meera',
      paymentType: 'subscription',
      amountPaise: 117_882,
      outcome: 'success',
      at: new Date('2026-03-09T18:29:59.000Z'),
    },
    { paymentId: 'PAY-R1', member: 'stranger', paymentType: 'refund', amountPaise: 20_000, outcome: 'success', at: daysAgo(4) },
  ];
  for (let i = 1; i <= 21; i++) {
    const paymentId = `PAY-C${String(i).padStart(2, '0')}`;
    list.push({
      paymentId,
      member: 'meera',
      paymentType: 'product_order',
      amountPaise: 10_000,
      outcome: 'success',
      at: minutesAgo(10 * 1440 + i),
    });
  }
  for (let i = 1; i <= 11; i++) {
    const paymentId = `PAY-T${String(i).padStart(2, '0')}`;
    list.push({
      paymentId,
      member: 'vikram',
      paymentType: 'subscription',
      amountPaise: 117_882,
      outcome: 'timeout',
      at: minutesAgo(6 * 1440 + i),
    });
  }
  return list;
}

const statusOf = (spec: Spec) =>
  ({ success: 'success', failed: 'failed', timeout: 'failed', 'timeout-reason': 'failed', pending: 'pending', processing: 'processing' })[
    spec.outcome
  ];
const timedOut = (spec: Spec) => spec.outcome === 'timeout' || spec.outcome === 'timeout-reason';
const newestFirst = (list: Spec[]) => [...list].sort((a, b) => b.at.getTime() - a.at.getTime()).map((spec) => spec.paymentId);
const rupees = (paise: number) => Math.round(paise) / 100;
const within = (days: number) => (spec: Spec) => spec.at.getTime() >= Date.now() - days * 86_400_000;
const minutesSinceOf = (list: Spec[]) => (id: string, now: number) =>
  Math.floor((now - (list.find((spec) => spec.paymentId === id) as Spec).at.getTime()) / 60_000);
const percent = (part: number, whole: number) => `${whole === 0 ? '0.00' : ((part / whole) * 100).toFixed(2)}%`;

describe.each(DATABASE_KINDS)('the Payments and Timeouts pages on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string };
  const members: Record<Spec['member'], string> = { asha: '', vikram: '', meera: '', stranger: randomUUID() };
  const PAYMENTS = paymentsOfTheWeek();
  const minutesSince = minutesSinceOf(PAYMENTS);

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin } = await startAdminBff(kind));
    members.asha = await registerMember(harness, { memberNumber: 1, firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in' });
    members.vikram = await registerMember(harness, { memberNumber: 2, firstname: 'Vikram', lastname: 'Shah', email: 'vikram@corp.in' });
    members.meera = await registerMember(harness, { memberNumber: 3, firstname: 'Meera', lastname: 'Iyer', email: 'meera@example.in' });
    for (const spec of PAYMENTS) await recordPayment(harness, { ...spec, memberId: members[spec.member] });
    await settled(harness, admin);
  }, 120_000);
  afterAll(async () => harness?.close());

  const get = async (path: string, params: Record<string, string | number | undefined> = {}) => {
    const { status, body } = await harness.json(`${path}${query(params)}`, { token: admin.token });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.is_success).toBe(true);
    return body;
  };
  /** Every page of the list, to compare whole selections. */
  const allIds = async (params: Record<string, string | number | undefined>) => {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const body = await get('/admin/payments', { ...params, page });
      ids.push(...body.payments.map((payment: { paymentId: string }) => payment.paymentId));
      if (!body.pagination.hasNext) return ids;
    }
  };
  const expectIds = async (params: Record<string, string | number | undefined>, matching: (spec: Spec) => boolean) =>
    expect(await allIds(params)).toEqual(newestFirst(PAYMENTS.filter(matching)));

  it.runIf(available)('lists 20 payments a page, newest first, with the pager figures', async () => {
    const first = await get('/admin/payments');
    expect(first.payments).toHaveLength(20);
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 3, totalCount: 44, limit: 20, hasPrev: false, hasNext: true });
    const third = await get('/admin/payments', { page: 3 });
    expect(third.payments).toHaveLength(4);
    expect(third.pagination).toMatchObject({ currentPage: 3, hasPrev: true, hasNext: false });
    expect(await allIds({})).toEqual(newestFirst(PAYMENTS));
  });

  it.runIf(available)('shows each payment as the Payments table reads it', async () => {
    const byId = async (id: string) => (await get('/admin/payments', { searchTerm: id })).payments[0];
    /** Minutes since creation as the server counts them at some moment of the call (a loaded machine is slow). */
    const minutesOpen = async (id: string) => {
      const before = Date.now();
      const payment = await byId(id);
      return { payment, range: [minutesSince(id, before), minutesSince(id, Date.now())] };
    };
    const timedOutPayment = await byId('PAY-A4');
    expect(timedOutPayment).toMatchObject({
      paymentId: 'PAY-A4',
      orderId: 'order_PAY-A4',
      userId: members.asha,
      user: { firstname: 'Asha', lastname: 'Rao', email: 'asha@example.in' },
      amount: 15000,
      currency: 'INR',
      paymentType: 'product_order',
      status: 'failed',
      paymentMethod: null,
      metadata: { auto_failed: true, timeout_minutes: 15 },
      failureReason: 'Payment timed out after 15 minutes',
      minutes_pending: null,
    });
    const spec = PAYMENTS.find((p) => p.paymentId === 'PAY-A4') as Spec;
    expect(timedOutPayment.createdAt).toBe(spec.at.toISOString());
    expect(timedOutPayment.processedAt).toBe(new Date(spec.at.getTime() + 60_000).toISOString());
    expect(await byId('PAY-A5')).toMatchObject({
      status: 'failed',
      metadata: { auto_failed: false, timeout_minutes: null },
      failureReason: 'Checkout session timed out at the gateway',
    });
    expect(await byId('PAY-A2')).toMatchObject({ status: 'success', paymentMethod: 'card', transactionId: 'gw_PAY-A2', amount: 26990 });
    const atRisk = await minutesOpen('PAY-A6');
    expect(atRisk.payment).toMatchObject({ status: 'pending', processedAt: null });
    // At risk from 12 minutes until the 15-minute timeout (the default settings), whatever the workflow recorded.
    if ((atRisk.range[1] as number) < 15) expect(atRisk.payment.at_risk).toBe(true);
    expect(await byId('PAY-A9')).toMatchObject({ status: 'pending', at_risk: false });
    expect(atRisk.payment.minutes_pending).toBeGreaterThanOrEqual(atRisk.range[0] as number);
    expect(atRisk.payment.minutes_pending).toBeLessThanOrEqual(atRisk.range[1] as number);
    const young = await minutesOpen('PAY-A8');
    expect(young.payment).toMatchObject({ at_risk: false });
    expect(young.payment.minutes_pending).toBeGreaterThanOrEqual(young.range[0] as number);
    expect(young.payment.minutes_pending).toBeLessThanOrEqual(young.range[1] as number);
    // A payer admin-bff has not heard of yet: the page shows N/A from a null user.
    expect(await byId('PAY-R1')).toMatchObject({ user: null, userId: members.stranger, paymentType: 'refund' });
  });

  it.runIf(available)('filters by status, timed out included, and by payment type', async () => {
    for (const status of ['success', 'pending', 'failed', 'processing'] as const) {
      await expectIds({ status }, (spec) => statusOf(spec) === status);
    }
    await expectIds({ status: 'timeout' }, timedOut);
    for (const paymentType of ['subscription', 'product_order', 'refund'] as const) {
      await expectIds({ paymentType }, (spec) => spec.paymentType === paymentType);
    }
    await expectIds(
      { status: 'success', paymentType: 'product_order' },
      (s) => statusOf(s) === 'success' && s.paymentType === 'product_order',
    );
    await expectIds({ status: '', paymentType: 'all', searchTerm: '', startDate: '', endDate: '' }, () => true);
    const { status } = await harness.json('/admin/payments?status=done', { token: admin.token });
    expect(status).toBe(400);
    const refused = await harness.json('/admin/payments?paymentType=chargeback', { token: admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Payment type must be one of: subscription, product_order, refund.');
  });

  it.runIf(available)('takes start and end dates as whole days in India, both included', async () => {
    expect(await allIds({ startDate: '2026-03-10', endDate: '2026-03-10' })).toEqual(['PAY-B1']);
    expect(await allIds({ endDate: '2026-03-09' })).toEqual(['PAY-B2']);
    expect(await allIds({ startDate: '2026-03-09', endDate: '2026-03-10' })).toEqual(['PAY-B1', 'PAY-B2']);
    await expectIds({ startDate: '2026-03-10' }, (spec) => spec.paymentId !== 'PAY-B2');
    const { status } = await harness.json('/admin/payments?startDate=10/03/2026', { token: admin.token });
    expect(status).toBe(400);
  });

  it.runIf(available)('searches payment id, order id, user id, email and name', async () => {
    expect(await allIds({ searchTerm: 'PAY-A2' })).toEqual(['PAY-A2']);
    expect(await allIds({ searchTerm: 'order_pay-a3' })).toEqual(['PAY-A3']);
    await expectIds({ searchTerm: members.meera }, (spec) => spec.member === 'meera');
    await expectIds({ searchTerm: 'vikram@corp' }, (spec) => spec.member === 'vikram');
    await expectIds({ searchTerm: 'Meera Iyer' }, (spec) => spec.member === 'meera');
    await expectIds({ searchTerm: 'asha', status: 'pending' }, (spec) => spec.member === 'asha' && statusOf(spec) === 'pending');
    expect(await allIds({ searchTerm: 'PAY-A_' })).toEqual([]);
  });

  it.runIf(available)('counts the six summary cards over the same filters', async () => {
    const stats = async (params: Record<string, string>, matching: (spec: Spec) => boolean) => {
      const selected = PAYMENTS.filter(matching);
      const success = selected.filter((spec) => statusOf(spec) === 'success');
      // A refund keeps no revenue of its own: what it gives back comes off the payment refunded (docs/decisions/0024).
      const earning = success.filter((spec) => spec.paymentType !== 'refund');
      expect((await get('/admin/payments/stats', params)).data).toEqual({
        totalRevenue: rupees(earning.reduce((sum, spec) => sum + spec.amountPaise - (spec.refundedPaise ?? 0), 0)),
        totalPayments: selected.length,
        successfulPayments: success.length,
        pendingPayments: selected.filter((spec) => ['pending', 'processing'].includes(statusOf(spec))).length,
        failedPayments: selected.filter((spec) => statusOf(spec) === 'failed').length,
        timedOutPayments: selected.filter(timedOut).length,
      });
    };
    expect((await get('/admin/payments/stats')).data).toEqual({
      totalRevenue: 31626.46,
      totalPayments: 44,
      successfulPayments: 26,
      pendingPayments: 4,
      failedPayments: 14,
      timedOutPayments: 13,
    });
    await stats({ status: 'timeout' }, timedOut);
    // The Timed Out view's cards cover the same 30 days as its list (PAY-A5, 40 days old, drops out).
    await stats({ status: 'timeout', days: '30' }, (spec) => timedOut(spec) && within(30)(spec));
    await stats({ paymentType: 'subscription' }, (spec) => spec.paymentType === 'subscription');
    await stats({ paymentType: 'refund' }, (spec) => spec.paymentType === 'refund');
    await stats({ startDate: '2026-03-01', endDate: '2026-03-31' }, (spec) => spec.paymentId.startsWith('PAY-B'));
    await stats({ searchTerm: 'vikram', status: 'success' }, (spec) => spec.member === 'vikram' && statusOf(spec) === 'success');
  });

  it.runIf(available)('lists timed-out payments of the last 30 days, 10 a page, with what they lost', async () => {
    const recent = PAYMENTS.filter((spec) => timedOut(spec) && within(30)(spec));
    const byProcessed = newestFirst(recent);
    const first = await get('/admin/payments/timeouts');
    expect(first.payments.map((p: { paymentId: string }) => p.paymentId)).toEqual(byProcessed.slice(0, 10));
    expect(first.pagination).toEqual({ current_page: 1, total_pages: 2, total_items: 12, has_prev: false, has_next: true });
    expect(first.payments[0]).toMatchObject({ paymentId: 'PAY-A4', timeout_info: { timeout_minutes: 15, auto_failed: true } });
    expect(first.payments[0].processedAt).not.toBeNull();
    expect(first.statistics).toEqual({
      total_amount_lost: 27967.02,
      by_payment_type: [
        { paymentType: 'product_order', count: 1, total_amount: 15000 },
        { paymentType: 'subscription', count: 11, total_amount: 12967.02 },
      ],
    });
    const second = await get('/admin/payments/timeouts', { page: 2 });
    expect(second.payments.map((p: { paymentId: string }) => p.paymentId)).toEqual(byProcessed.slice(10));
    expect(second.pagination).toMatchObject({ current_page: 2, has_prev: true, has_next: false });

    const quarter = await get('/admin/payments/timeouts', { days: 90, paymentType: 'product_order' });
    expect(quarter.payments.map((p: { paymentId: string }) => p.paymentId)).toEqual(['PAY-A4', 'PAY-A5']);
    expect(quarter.payments[1].timeout_info).toEqual({ timeout_minutes: null, auto_failed: false });
    expect(quarter.statistics.total_amount_lost).toBe(23999);
    const searched = await get('/admin/payments/timeouts', { searchTerm: 'asha', limit: 20 });
    expect(searched.payments.map((p: { paymentId: string }) => p.paymentId)).toEqual(['PAY-A4']);
  });

  it.runIf(available)('analyses timeouts over 1, 7 (the default), 30 and 90 days, refunds left out', async () => {
    for (const days of [1, 7, 30, 90]) {
      // A refund is money going back, not a payment that could time out.
      const selected = PAYMENTS.filter(within(days)).filter((spec) => spec.paymentType !== 'refund');
      const successful = selected.filter((spec) => statusOf(spec) === 'success').length;
      const timedOutCount = selected.filter(timedOut).length;
      const { data } = await get('/admin/payments/timeout-analysis', { days });
      expect(data.overview, `${days} days`).toEqual({
        total_payments: selected.length,
        successful_payments: successful,
        timed_out_payments: timedOutCount,
        success_rate: percent(successful, selected.length),
        timeout_rate: percent(timedOutCount, selected.length),
      });
      const atRisk = data.at_risk_payments.count;
      expect(data.recommendations).toEqual(recommendations({ total: selected.length, successful, timedOut: timedOutCount, atRisk }));
    }
    const before = Date.now();
    const week = (await get('/admin/payments/timeout-analysis')).data;
    const after = Date.now();
    expect(week.overview).toMatchObject({ total_payments: 19, success_rate: '10.53%', timeout_rate: '63.16%' });
    expect(week.recommendations.map((r: { type: string; severity: string }) => [r.type, r.severity]).slice(0, 1)).toEqual([
      ['timeout_rate', 'high'],
    ]);
    // Pending or processing for 12 to 15 minutes: about to time out. Which ones depends on when the server counted.
    const atRiskAt = (now: number) =>
      PAYMENTS.filter((spec) => ['pending', 'processing'].includes(statusOf(spec)))
        .filter((spec) => now - spec.at.getTime() >= 12 * 60_000 && now - spec.at.getTime() < 15 * 60_000)
        .sort((a, b) => a.at.getTime() - b.at.getTime())
        .map((spec) => spec.paymentId);
    const ids = week.at_risk_payments.payments.map((p: { paymentId: string }) => p.paymentId);
    expect([atRiskAt(before), atRiskAt(after)]).toContainEqual(ids);
    expect(week.at_risk_payments.count).toBe(ids.length);
    if (after - PAYMENTS[6]!.at.getTime() < 15 * 60_000) {
      // Still within its window: checked field by field.
      expect(ids).toEqual(['PAY-A7', 'PAY-A6']);
      expect(week.at_risk_payments.payments[0]).toMatchObject({ orderId: 'order_PAY-A7', paymentType: 'product_order', amount: 2500 });
      expect(week.at_risk_payments.payments[0].minutes_since_creation).toBeGreaterThanOrEqual(minutesSince('PAY-A7', before));
      expect(week.at_risk_payments.payments[0].minutes_since_creation).toBeLessThanOrEqual(minutesSince('PAY-A7', after));
    }
    const { status } = await harness.json('/admin/payments/timeout-analysis?days=2', { token: admin.token });
    expect(status).toBe(400);
  });
});
