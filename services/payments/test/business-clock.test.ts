import { ManualClock } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalCall, ordersStandIn, startPayments, startProductCheckout } from './helpers.js';

/**
 * The reconciliation's windows read business time from payments' clock (issue 36), not the database's: a checkout
 * payment whose deadline the clock has passed is failed by the safety net even though the machine's time has not.
 */
describe.each(DATABASE_KINDS)('payments reconciling on its clock, on %s', (kind) => {
  const available = databaseAvailable(kind);
  const clock = new ManualClock();
  let payments: ServiceHarness;

  beforeAll(async () => {
    if (available) payments = await startPayments(kind, {}, ordersStandIn(), clock);
  });
  afterAll(async () => payments?.close());

  it.runIf(available)("fails a checkout payment past its deadline by the clock's time, on the light run", async () => {
    clock.reset();
    const { orderId, started } = await startProductCheckout(payments);
    expect(started.status).toBe(200);
    const status = async () => (await internalCall(payments, `/internal/payments/orders/${orderId}`)).body.data.status;
    const lightRun = () =>
      payments.json('/internal/cron/trigger', {
        method: 'POST',
        body: { mode: 'light' },
        headers: { 'x-service-token': TEST_SERVICE_TOKEN },
      });
    expect((await lightRun()).status).toBe(200);
    expect(await status()).toBe('pending');
    // Sixteen minutes on by the clock alone (the payment times out at fifteen): the light run finds it overdue.
    clock.advance(16 * 60_000);
    expect((await lightRun()).status).toBe(200);
    expect(await status()).toBe('failed');
    clock.reset();
  });
});
