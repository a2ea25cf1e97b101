import { randomUUID } from 'node:crypto';
import { DATABASE_KINDS, eventually } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { current, registerMember, subscribe } from './helpers.js';
import { usePaymentsOnCashfreeEmulator } from './on-cashfree-emulator.js';

// Payments through the production adapter on the emulator's hosted pages (the simulator's pages, same buttons): a
// button makes the payment or the mandate at "Cashfree", its signed webhook reaches payments, and payments settles
// it from what Cashfree says; the browser goes back to the order page, as Cashfree sends it. Payments answers those
// pages as the payment links, and `emulator` as the gateway, so the shop sends the member there (no JS SDK).
describe.each(DATABASE_KINDS)("the emulator's hosted checkout and mandate pages, on %s", (kind) => {
  const { available, on, internal } = usePaymentsOnCashfreeEmulator(kind, { hostedPages: true });

  async function checkout(amountPaise: number) {
    const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const started = await internal('/internal/payments/checkout', {
      orderId,
      memberId: randomUUID(),
      amountPaise,
      customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
      note: 'Pressure cooker x 1',
    });
    expect(started.status).toBe(200);
    const { paymentSessionId, paymentLink, gateway } = started.body.data;
    expect(gateway).toBe('emulator');
    expect(paymentLink).toBe(`${on.cashfree.url.replace(/\/pg$/, '')}/pay/simulator/sessions/${paymentSessionId}`);
    return { orderId, page: paymentLink as string };
  }
  /** What the browser does with a button: posts the page's form to its action. */
  const press = async (page: string, outcome: string) => {
    const action = /<form method="post" action="([^"]+)"/.exec(await (await fetch(page)).text())?.[1] ?? page;
    const form = new URLSearchParams({ outcome, ...(page.includes('/mandates/') ? { upi_id: 'asha@upi' } : { method: 'upi' }) });
    return fetch(new URL(action, page), { method: 'POST', body: form, redirect: 'manual' });
  };
  const statusOf = async (orderId: string) => (await internal(`/internal/payments/orders/${orderId}`)).body.data.status;

  it.runIf(available)('shows the pay, fail and cancel buttons, and a payment made there settles by its webhook', async () => {
    const { orderId, page } = await checkout(250_000);
    const html = await (await fetch(page)).text();
    expect(html).toContain('Pay ₹2,500.00');
    expect(html).toContain('Make the payment fail');
    expect(html).toContain('Cancel the payment');

    const paid = await press(page, 'success');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/order?order_id=${orderId}`);
    await on.cashfree.sender.settled();
    expect(on.cashfree.sender.attempts.filter((sent) => sent.type === 'PAYMENT_SUCCESS_WEBHOOK').at(-1)?.status).toBe(200);
    expect(await statusOf(orderId)).toBe('success');

    // Paid: the page says so and takes no second attempt.
    expect(await (await fetch(page)).text()).toContain('This order is paid');
    const again = await fetch(page, { method: 'POST', body: new URLSearchParams({ outcome: 'success' }), redirect: 'manual' });
    expect(again.status).toBe(409);
  });

  it.runIf(available)('a payment failed there fails the order payment', async () => {
    const { orderId, page } = await checkout(120_000);
    expect((await press(page, 'failure')).status).toBe(303);
    await on.cashfree.sender.settled();
    expect(await statusOf(orderId)).toBe('failed');
  });

  it.runIf(available)('a mandate approved on its page makes the membership active by its webhooks', async () => {
    const member = await registerMember(on.payments);
    const started = await subscribe(on.payments, member);
    expect(started.gateway).toBe('emulator');
    const page = started.payment_link;
    expect(page).toBe(`${on.cashfree.url.replace(/\/pg$/, '')}/pay/simulator/mandates/${started.payment_session_id}`);
    const html = await (await fetch(page)).text();
    expect(html).toContain('Approve the mandate');
    expect(html).toContain('Decline the mandate');
    const approved = await press(page, 'success');
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`http://localhost:3000/order?order_id=${started.order_id}`);
    await on.cashfree.sender.settled();
    await eventually(async () => (await current(on.payments, member)).subscription?.status === 'active');
    expect(await (await fetch(page)).text()).toContain('This mandate is approved');
  });
});
