import { type DatabaseKind, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { CashfreeEmulator } from '../src/gateway/cashfree-emulator/emulator.js';
import { internalCall, startPayments } from './helpers.js';

/**
 * Payments on the Cashfree emulator (which follows the OpenAPI document and records every call), for one describe
 * block on `kind`: both started before its tests and closed after them. The emulator's webhooks go to payments'
 * /webhooks/cashfree (its dashboard endpoint), in process, and are retried after 50 ms rather than minutes.
 * `hostedPages`: payments sends members to the emulator's own checkout and mandate pages (as the rigs without
 * Cashfree do), so it answers those pages as the payment links and `emulator` as its gateway.
 */
export function usePaymentsOnCashfreeEmulator(kind: DatabaseKind, options: { hostedPages?: boolean } = {}) {
  const available = databaseAvailable(kind);
  const on = {} as { payments: ServiceHarness; cashfree: CashfreeEmulator };
  beforeAll(async () => {
    if (!available) return;
    on.cashfree = await CashfreeEmulator.start({
      webhookEndpoint: 'http://payments.local/webhooks/cashfree',
      webhookRetryDelaysMs: [50, 50, 50],
      webhookPost: async (request) =>
        on.payments.request(new URL(request.url).pathname, {
          method: 'POST',
          rawBody: await request.text(),
          headers: Object.fromEntries(request.headers),
        }),
    });
    on.payments = await startPayments(kind, {
      CASHFREE_CLIENT_ID: on.cashfree.clientId,
      CASHFREE_CLIENT_SECRET: on.cashfree.clientSecret,
      CASHFREE_BASE_URL: on.cashfree.url,
      ...(options.hostedPages ? { CASHFREE_HOSTED_PAGES_URL: on.cashfree.url.replace(/\/pg$/, '/pay/simulator') } : {}),
    });
  });
  afterAll(async () => {
    await on.payments?.close();
    await on.cashfree?.close();
  });
  const internal = (path: string, body?: unknown) => internalCall(on.payments, path, body);
  return { available, on, internal };
}
