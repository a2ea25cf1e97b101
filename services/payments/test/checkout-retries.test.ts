import { randomUUID } from 'node:crypto';
import { sql } from '@elts/platform';
import { DATABASE_KINDS } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { usePaymentsOnCashfreeEmulator } from './on-cashfree-emulator.js';

// One owner of each retry (issue 35): a call that makes money state at Cashfree is repeated by payments alone, under
// one idempotency key, honouring Cashfree's wait. Orders sends its checkout once and does not repeat it on top.
describe.each(DATABASE_KINDS)("a product order's checkout under Cashfree's rate limit, on %s", (kind) => {
  const { available, on, internal } = usePaymentsOnCashfreeEmulator(kind);

  it.runIf(available)(
    'is repeated by payments after the wait Cashfree asks for, under one key, making one order and one payment',
    async () => {
      const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
      const limited = {
        status: 429,
        headers: { 'x-ratelimit-retry': '1' },
        body: { message: 'Too many requests', code: 'request_failed', type: 'rate_limit_error' },
      };
      on.cashfree.failNext({ ...limited, method: 'POST', path: /^\/orders$/, times: 2 });
      const startedAt = Date.now();
      const started = await internal('/internal/payments/checkout', {
        orderId,
        memberId: randomUUID(),
        amountPaise: 250_000,
        customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
        note: 'Pressure cooker x 1',
      });
      expect(started.status).toBe(200);
      expect(started.body.data.paymentSessionId).toBeTruthy();
      // At Cashfree itself, the answer names its environment (payments' setting), for the shop to open checkout in.
      expect(started.body.data).toMatchObject({ gateway: 'cashfree', cashfreeMode: 'sandbox' });
      // Two refusals, each followed by the second Cashfree asked for, then the order.
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_000);

      const posts = on.cashfree
        .requestsTo('POST', '/orders')
        .filter((request) => (request.body as { order_id?: string })?.order_id === orderId);
      expect(posts.map((request) => request.status)).toEqual([429, 429, 200]);
      const keys = new Set(posts.map((request) => request.headers['x-idempotency-key']));
      expect(keys.size).toBe(1);
      expect([...keys][0]).toBeTruthy();

      const payments = await sql<{ n: number }>`select count(*)::int as n from payments where order_id = ${orderId}`.execute(
        on.payments.db,
      );
      expect(payments.rows[0]?.n).toBe(1);
    },
  );
});
