import { randomUUID } from 'node:crypto';
import { DATABASE_KINDS } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { GatewayCheckLimiter, MEMBER_CHECK_INTERVAL_MS } from '../src/commands/gateway-checks.js';
import { registerMember, subscribe } from './helpers.js';
import { usePaymentsOnCashfreeEmulator } from './on-cashfree-emulator.js';

describe('the limit on gateway checks asked for by members', () => {
  it('lets one check of a payment through per five seconds, each payment on its own', () => {
    let now = 1_000_000;
    const limiter = new GatewayCheckLimiter(MEMBER_CHECK_INTERVAL_MS, () => now);
    expect(limiter.tryCheck('PAY-A')).toBe(true);
    expect(limiter.tryCheck('PAY-A')).toBe(false);
    expect(limiter.tryCheck('PAY-B')).toBe(true);
    now += 4_999;
    expect(limiter.tryCheck('PAY-A')).toBe(false);
    now += 1;
    expect(limiter.tryCheck('PAY-A')).toBe(true);
    expect(limiter.tryCheck('PAY-B')).toBe(true);
    expect(limiter.tryCheck('PAY-A')).toBe(false);
  });
});

/** Payments on Cashfree's stand-in, which records every call: the gateway calls can be counted. */
describe.each(DATABASE_KINDS)('gateway checks of members on %s', (kind) => {
  const { available, on, internal } = usePaymentsOnCashfreeEmulator(kind);

  const gatewayReadsOf = (orderId: string) => ({
    orders: on.cashfree.requestsTo('GET', `/orders/${orderId}`).length,
    payments: on.cashfree.requestsTo('GET', `/orders/${orderId}/payments`).length,
  });

  it.runIf(available)("asks the gateway about an order's payment at most once per five seconds however often it is refreshed", async () => {
    const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const started = await internal('/internal/payments/checkout', {
      orderId,
      memberId: randomUUID(),
      amountPaise: 1_900_000,
      customer: { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210' },
      note: 'Noise-cancelling headphones x 1',
    });
    expect(started.status).toBe(200);
    const refresh = () => internal(`/internal/payments/orders/${orderId}/refresh`, {});

    const burst = await Promise.all(Array.from({ length: 50 }, refresh));
    for (let i = 0; i < 50; i++) burst.push(await refresh());
    expect(burst.map((answer) => answer.status)).toEqual(Array(100).fill(200));
    expect(burst.every((answer) => answer.body.data.status === 'pending')).toBe(true);
    expect(gatewayReadsOf(orderId)).toEqual({ orders: 1, payments: 1 });

    // Paid meanwhile: the stored answer stands until the next check is due, which then finds the payment.
    on.cashfree.driver.completePayment(orderId, { method: 'upi' });
    expect((await refresh()).body.data.status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, MEMBER_CHECK_INTERVAL_MS + 100));
    expect((await refresh()).body.data).toMatchObject({ status: 'success', method: 'upi' });
    expect(gatewayReadsOf(orderId)).toEqual({ orders: 2, payments: 2 });
  });

  it.runIf(available)('asks about a pending mandate at most once per five seconds however often it is polled', async () => {
    const member = await registerMember(on.payments);
    const started = await subscribe(on.payments, member);
    const reads = () => on.cashfree.requestsTo('GET', `/subscriptions/${started.subscription_id}`).length;
    const before = reads();
    const polls = await Promise.all(
      Array.from({ length: 30 }, () => on.payments.json(`/subscription/mandate-status/${started.order_id}`, { token: member.token })),
    );
    expect(polls.every((poll) => poll.status === 200 && poll.body.data.status === 'pending')).toBe(true);
    expect(reads() - before).toBe(1);
  });
});
