import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness, silentLogger } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.js';
import { paymentsSettings } from '../src/settings.js';
import { loadEmulatorRecords } from '../src/store/emulator-records.js';
import { cashfreeIn, startPayments, startProductCheckout } from './helpers.js';

/**
 * The Cashfree emulator inside payments keeps its records in payments' database (decision 0092): a payments process
 * started again on the same data finds the orders "Cashfree" had, as it would at Cashfree, instead of a 404 for each.
 */
describe.each(DATABASE_KINDS)("the in-process Cashfree emulator's records, on %s", (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;

  beforeAll(async () => {
    if (available) payments = await startPayments(kind);
  });
  afterAll(async () => payments?.close());

  it.runIf(available)('are written when they change and read by the emulator of a payments started again on them', async () => {
    const { orderId, started } = await startProductCheckout(payments);
    expect(started.status).toBe(200);
    expect(cashfreeIn(payments).state.order(orderId)).toBeDefined();
    // Written within the keeper's few seconds, not at each request.
    await eventually(async () => JSON.stringify((await loadEmulatorRecords(payments.db)) ?? {}).includes(orderId));

    const settings = paymentsSettings.parse({ PUBLIC_URL: 'http://localhost:3000' });
    const again = await createGateway(settings, payments.db, silentLogger(), async () => new Response(null, { status: 200 }));
    try {
      const order = await again.gateway.getOrder(orderId);
      expect(order.paymentSessionId).toBe(started.body.data.paymentSessionId);
    } finally {
      await again.close();
    }
  });
});
