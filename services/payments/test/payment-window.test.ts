import { randomUUID } from 'node:crypto';
import { orderKindOf } from '@elts/contracts';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideMandate, internalCall, registerMember, startPayments, subscribe } from './helpers.js';

// The order page says how long a payment stays open from these answers, so they must carry the setting's value.
const TIMEOUT_SECONDS = 600;

describe.each(DATABASE_KINDS)('how long a payment stays open, as the order page is told, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;
  const internal = (path: string, body?: unknown) => internalCall(payments, path, body);

  beforeAll(async () => {
    if (available)
      payments = await startPayments(kind, { PAYMENT_AT_RISK_SECONDS: '480', PAYMENT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) });
  });
  afterAll(async () => payments?.close());

  const secondsUntil = (iso: string) => (Date.parse(iso) - Date.now()) / 1000;

  it.runIf(available)("gives a product order's open payment its closing time and the timeout, and no closing time once paid", async () => {
    const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const started = await internal('/internal/payments/checkout', {
      orderId,
      memberId: randomUUID(),
      amountPaise: 149_900,
      customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
      note: 'Travel kettle x 1',
    });
    const open = (await internal(`/internal/payments/orders/${orderId}`)).body.data;
    expect(open).toMatchObject({ status: 'pending', timeoutSeconds: TIMEOUT_SECONDS, expiresAt: expect.any(String) });
    expect(secondsUntil(open.expiresAt)).toBeGreaterThan(TIMEOUT_SECONDS - 30);
    expect(secondsUntil(open.expiresAt)).toBeLessThanOrEqual(TIMEOUT_SECONDS);
    expect((await internal(`/internal/payments/orders/${orderId}/refresh`, {})).body.data.expiresAt).toBe(open.expiresAt);

    await payments.request(new URL(started.body.data.paymentLink).pathname, {
      method: 'POST',
      body: { outcome: 'success', method: 'upi' },
    });
    await eventually(async () => (await internal(`/internal/payments/orders/${orderId}`)).body.data.status === 'success');
    expect((await internal(`/internal/payments/orders/${orderId}`)).body.data.expiresAt).toBeNull();
  });

  it.runIf(available)(
    'gives an open membership payment the same on the mandate status, under an id /order knows as a membership',
    async () => {
      const member = await registerMember(payments);
      const started = await subscribe(payments, member);
      expect(orderKindOf(started.order_id)).toBe('subscription');
      const status = async () =>
        (await payments.json(`/subscription/mandate-status/${started.order_id}`, { token: member.token })).body.data;
      const open = await status();
      expect(open).toMatchObject({ status: 'pending', payment_timeout_seconds: TIMEOUT_SECONDS, payment_expires_at: expect.any(String) });
      expect(secondsUntil(open.payment_expires_at)).toBeGreaterThan(TIMEOUT_SECONDS - 30);

      await decideMandate(payments, started.payment_link, 'success');
      await eventually(async () => (await status()).status === 'active');
      expect((await status()).payment_expires_at).toBeNull();
    },
  );
});
