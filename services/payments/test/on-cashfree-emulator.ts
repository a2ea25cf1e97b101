import { type DatabaseKind, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { CashfreeEmulator } from '../src/gateway/cashfree-emulator/emulator.js';
import { internalCall, startPayments } from './helpers.js';

/**
 * Payments on Cashfree's stand-in (the fake that follows the OpenAPI document and records every call), for one
 * describe block on `kind`: both started before its tests and closed after them.
 */
export function usePaymentsOnCashfreeEmulator(kind: DatabaseKind) {
  const available = databaseAvailable(kind);
  const on = {} as { payments: ServiceHarness; cashfree: CashfreeEmulator };
  beforeAll(async () => {
    if (!available) return;
    on.cashfree = await CashfreeEmulator.start();
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
