import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { current, decideMandate, internalCall, registerMember, startPayments, startProductCheckout, subscribe } from './helpers.js';

// Payments without Cashfree's credentials: the production adapter answered by
// the Cashfree emulator in the same process. Members pay on its pages at the simulator's addresses under PUBLIC_URL,
// served by payments itself; its webhooks come back through payments' own /webhooks/cashfree; an admin sets how a
// mandate's next renewal debit ends.
describe.each(DATABASE_KINDS)('payments on the Cashfree emulator in its own process, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;
  beforeAll(async () => {
    if (available) payments = await startPayments(kind);
  });
  afterAll(() => payments?.close());

  it.runIf(available)("pays a product order on the emulator's checkout page and refunds it, each settled by its webhook", async () => {
    const { orderId, started } = await startProductCheckout(payments, { amountPaise: 99_900, note: 'Kettle x 1' });
    expect(started.status).toBe(200);
    const { paymentLink, paymentSessionId, gateway } = started.body.data;
    expect(gateway).toBe('emulator');
    expect(paymentLink).toBe(`http://localhost:3000/pay/simulator/sessions/${paymentSessionId}`);
    const page = new URL(paymentLink).pathname;
    const html = await (await payments.request(page)).text();
    expect(html).toContain('Pay ₹999.00');

    const paid = await payments.request(page, { method: 'POST', body: { outcome: 'success', method: 'upi' } });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/order?order_id=${orderId}`);
    await eventually(async () => (await internalCall(payments, `/internal/payments/orders/${orderId}`)).body.data.status === 'success');

    // Refunded: under way at first, as at Cashfree; the emulator's bank processes it when payments asks again, and
    // Cashfree's refund webhook follows.
    const refund = await internalCall(payments, `/internal/payments/orders/${orderId}/refunds`, {
      key: 'gone',
      amountPaise: 99_900,
      reason: 'Out of stock',
    });
    expect(refund.body.data).toMatchObject({ orderId, amountPaise: 99_900, status: 'pending' });
    const refundId = refund.body.data.refundId as string;
    const statusOfRefund = async () =>
      (await payments.db.selectFrom('payments').select('status').where('payment_id', '=', refundId).executeTakeFirstOrThrow()).status;
    await eventually(async () => (await statusOfRefund()) === 'success', 15_000);
  });

  it.runIf(available)("makes a membership active from the emulator's mandate page, and lets an admin set the next debit", async () => {
    const member = await registerMember(payments);
    const started = await subscribe(payments, member);
    expect(started.gateway).toBe('emulator');
    expect(started.payment_link).toBe(`http://localhost:3000/pay/simulator/mandates/${started.payment_session_id}`);
    expect(await decideMandate(payments, started.payment_link, 'success')).toBe(`http://localhost:3000/order?order_id=${started.order_id}`);
    await eventually(async () => (await current(payments, member)).subscription?.status === 'active');

    const nextCharge = (subscriptionId: string, token: string) =>
      payments.json(`/pay/simulator/subscriptions/${subscriptionId}/next-charge`, { method: 'POST', token, body: { outcome: 'FAILED' } });
    expect((await nextCharge(started.subscription_id, member.token)).status).toBe(401);
    const admin = payments.adminSession().token;
    expect(await nextCharge(started.subscription_id, admin)).toMatchObject({ status: 200, body: { data: { outcome: 'FAILED' } } });
    expect((await nextCharge('sub_nobody', admin)).status).toBe(404);
  });
});
