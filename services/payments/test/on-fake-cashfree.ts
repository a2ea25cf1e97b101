import { type DatabaseKind, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { FakeCashfree } from './cashfree/fake-cashfree.js';
import { internalCall, startPayments } from './helpers.js';

/**
 * Payments on Cashfree's stand-in (the fake that follows the OpenAPI document and records every call), for one
 * describe block on `kind`: both started before its tests and closed after them.
 */
export function usePaymentsOnFakeCashfree(kind: DatabaseKind) {
  const available = databaseAvailable(kind);
  const on = {} as { payments: ServiceHarness; cashfree: FakeCashfree };
  beforeAll(async () => {
    if (!available) return;
    on.cashfree = await FakeCashfree.start();
    on.payments = await startPayments(kind, {
      CASHFREE_CLIENT_ID: on.cashfree.clientId,
      CASHFREE_CLIENT_SECRET: on.cashfree.clientSecret,
      CASHFREE_BASE_URL: on.cashfree.url,
    });
  });
  afterAll(async () => {
    await on.payments?.close();
    await on.cashfree?.close();
  });
  const internal = (path: string, body?: unknown) => internalCall(on.payments, path, body);
  return { available, on, internal };
}
