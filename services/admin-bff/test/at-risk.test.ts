import { randomUUID } from 'node:crypto';
import { loadConfig } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBffService } from '../src/service.js';
import { minutesAgo, type PaymentSpec, query, recordPayment, settled, startAdminBff } from './helpers.js';

// Shortened from the spec's 12 and 15 minutes, so the window is 10 to 20 minutes: wide enough that a slow machine
// cannot move a payment across an edge while the suite starts, and apart from 12-15 where a hard-coded rule would look.
const SETTINGS = { PAYMENT_AT_RISK_SECONDS: '600', PAYMENT_TIMEOUT_SECONDS: '1200' };
const MEMBERSHIP = 'MEM-0A1B2C3D4E5F';

type Spec = Omit<PaymentSpec, 'memberId'> & { atRisk: boolean };

const PAYMENTS: Spec[] = [
  { paymentId: 'PAY-AR-OLD', paymentType: 'product_order', amountPaise: 250_000, outcome: 'pending', at: minutesAgo(16), atRisk: true },
  { paymentId: 'PAY-AR-NEW', paymentType: 'subscription', amountPaise: 117_882, outcome: 'processing', at: minutesAgo(10.5), atRisk: true },
  { paymentId: 'PAY-AR-YOUNG', paymentType: 'product_order', amountPaise: 50_000, outcome: 'pending', at: minutesAgo(1), atRisk: false },
  { paymentId: 'PAY-AR-LATE', paymentType: 'product_order', amountPaise: 50_000, outcome: 'pending', at: minutesAgo(21), atRisk: false },
  { paymentId: 'PAY-AR-PAID', paymentType: 'product_order', amountPaise: 50_000, outcome: 'success', at: minutesAgo(11), atRisk: false },
  { paymentId: 'PAY-AR-FAILED', paymentType: 'product_order', amountPaise: 50_000, outcome: 'failed', at: minutesAgo(11), atRisk: false },
  // Renewal charges: UPI AutoPay debits the bank may hold pending for a day, within the window or not.
  ...[11, 13, 20 * 60].map(
    (minutes, i): Spec => ({
      paymentId: `${MEMBERSHIP}-C1-A${i + 1}`,
      orderId: MEMBERSHIP,
      paymentType: 'subscription',
      purpose: 'renewal',
      amountPaise: 117_882,
      outcome: i === 1 ? 'processing' : 'pending',
      at: minutesAgo(minutes),
      atRisk: false,
    }),
  ),
];

describe.each(DATABASE_KINDS)('the one at-risk rule, from the settings, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string };

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin } = await startAdminBff(kind, SETTINGS));
    for (const spec of PAYMENTS) await recordPayment(harness, { ...spec, memberId: randomUUID() });
    await settled(harness, admin);
  }, 120_000);
  afterAll(async () => harness?.close());

  const get = async (path: string, params: Record<string, string | number> = {}) => {
    const { status, body } = await harness.json(`${path}${query(params)}`, { token: admin.token });
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };

  it.runIf(available)(
    'flags the payments list by PAYMENT_AT_RISK_SECONDS and PAYMENT_TIMEOUT_SECONDS, never a renewal charge',
    async () => {
      const { payments } = await get('/admin/payments', { limit: 100 });
      const flags = Object.fromEntries(payments.map((p: { paymentId: string; at_risk: boolean }) => [p.paymentId, p.at_risk]));
      expect(flags).toEqual(Object.fromEntries(PAYMENTS.map((spec) => [spec.paymentId, spec.atRisk])));
    },
  );

  it.runIf(available)('counts and lists the same payments on the Timeouts page, with the thresholds it used', async () => {
    const { data } = await get('/admin/payments/timeout-analysis');
    expect(data.at_risk_payments.count).toBe(2);
    expect(data.at_risk_payments.payments.map((p: { paymentId: string }) => p.paymentId)).toEqual(['PAY-AR-OLD', 'PAY-AR-NEW']);
    expect(data.at_risk_payments.window).toEqual({ at_risk_after_seconds: 600, timeout_after_seconds: 1200 });
  });
});

describe('the at-risk settings of admin-bff', () => {
  it("default to the payments service's 12 and 15 minutes and refuse a mark at or after the timeout", () => {
    expect(loadConfig('admin-bff', adminBffService.configSchema, {})).toEqual({
      PAYMENT_AT_RISK_SECONDS: 720,
      PAYMENT_TIMEOUT_SECONDS: 900,
      // The Drops chart's calendar, as the catalog's (decision 0170).
      DROP_ANCHOR_DATE: '2025-01-03',
    });
    expect(() =>
      loadConfig('admin-bff', adminBffService.configSchema, { PAYMENT_AT_RISK_SECONDS: '900', PAYMENT_TIMEOUT_SECONDS: '900' }),
    ).toThrow('PAYMENT_AT_RISK_SECONDS: must be less than PAYMENT_TIMEOUT_SECONDS');
  });
});
