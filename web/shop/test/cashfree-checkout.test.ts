import { afterEach, describe, expect, it } from 'vitest';
import { openCheckout } from '../src/payment/cashfree-checkout.js';

/**
 * A stand-in for Cashfree's JS SDK on `window`: it records the environment it is opened in and each checkout it is
 * asked for, and answers `answer.value` (an error makes the shop fall back to the payment link).
 */
function fakeCashfree(answer: { value?: { error?: { message: string } } } = {}) {
  const calls: unknown[] = [];
  const checkout = async (options: unknown) => {
    calls.push(options);
    return answer.value;
  };
  const factory = (options: unknown) => {
    calls.push(options);
    return { checkout, subscriptionsCheckout: checkout };
  };
  (globalThis as { window?: unknown }).window = { Cashfree: factory };
  return calls;
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe("the payment's checkout", () => {
  const mandate = { payment_session_id: 's1', gateway: 'simulator' };

  it("goes to the simulator's payment link without loading Cashfree, and says when there is nowhere to pay", async () => {
    for (const kind of ['mandate', 'order'] as const) {
      const visited: string[] = [];
      expect(await openCheckout(kind, { ...mandate, payment_link: '/pay/simulator/mandates/s1' }, (url) => visited.push(url))).toBe(true);
      expect(await openCheckout(kind, { ...mandate, payment_link: null }, (url) => visited.push(url))).toBe(false);
      expect(await openCheckout(kind, { gateway: 'simulator', payment_link: '' }, (url) => visited.push(url))).toBe(false);
      expect(visited).toEqual(['/pay/simulator/mandates/s1']);
    }
  });

  it("goes to the Cashfree emulator's page without loading Cashfree, though it has a session", async () => {
    const calls = fakeCashfree();
    const visited: string[] = [];
    const mandatePage = { ...mandate, gateway: 'emulator', payment_link: '/pay/simulator/mandates/s1' };
    const orderPage = { gateway: 'emulator', payment_session_id: 'session_4', payment_link: '/pay/simulator/sessions/session_4' };
    expect(await openCheckout('mandate', mandatePage, (url) => visited.push(url))).toBe(true);
    expect(await openCheckout('order', orderPage, (url) => visited.push(url))).toBe(true);
    expect(visited).toEqual(['/pay/simulator/mandates/s1', '/pay/simulator/sessions/session_4']);
    expect(calls).toEqual([]);
  });

  it("opens Cashfree's order checkout in the same window, and falls back to the payment link when it fails", async () => {
    const answer: { value?: { error?: { message: string } } } = {};
    const calls = fakeCashfree(answer);
    const went: string[] = [];
    const placed = {
      gateway: 'cashfree',
      cashfree_mode: 'sandbox' as const,
      payment_session_id: 'session_1',
      payment_link: 'https://payments.cashfree.com/order/#x',
    };
    expect(await openCheckout('order', placed, (url) => went.push(url))).toBe(true);
    expect(calls).toEqual([{ mode: 'sandbox' }, { paymentSessionId: 'session_1', redirectTarget: '_self' }]);
    expect(went).toEqual([]);
    answer.value = { error: { message: 'popup closed' } };
    expect(await openCheckout('order', placed, (url) => went.push(url))).toBe(true);
    expect(went).toEqual([placed.payment_link]);
  });

  it("opens Cashfree's subscription checkout in the environment the payments service names", async () => {
    const calls = fakeCashfree();
    const visited: string[] = [];
    const onCashfree = { ...mandate, gateway: 'cashfree', cashfree_mode: 'production' as const, payment_link: null };
    expect(await openCheckout('mandate', onCashfree, (url) => visited.push(url))).toBe(true);
    expect(calls).toEqual([{ mode: 'production' }, { subsSessionId: 's1', redirectTarget: '_self' }]);
    expect(visited).toEqual([]);
  });

  it('sends the member to the payment link when a Cashfree answer does not name its environment (no guessing)', async () => {
    const calls = fakeCashfree();
    const visited: string[] = [];
    const unnamed = { gateway: 'cashfree', payment_session_id: 'session_2', payment_link: 'https://payments.cashfree.com/order/#y' };
    expect(await openCheckout('order', unnamed, (url) => visited.push(url))).toBe(true);
    expect(calls).toEqual([]);
    expect(visited).toEqual([unnamed.payment_link]);
  });
});
