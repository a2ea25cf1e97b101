import { DATABASE_KINDS, databaseAvailable, planWithoutSequentialScans, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unfinishedMembershipPaymentsStatement } from '../src/store/payment-reads.js';
import { startPayments } from './helpers.js';

// Reconciliation runs every five minutes for as long as the service lives, over tables that only grow: the payments,
// and the service's events.
describe.each(DATABASE_KINDS)('reconciliation, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;
  beforeAll(async () => {
    if (available) payments = await startPayments(kind, {});
  });
  afterAll(async () => payments?.close());

  it.runIf(available)(
    'finds settled membership money with nothing recorded for it through indexes, not by reading every payment and event',
    async () => {
      const now = new Date();
      const settledBefore = new Date(now.getTime() - 120_000);
      const plan = await planWithoutSequentialScans(payments.db, unfinishedMembershipPaymentsStatement(settledBefore, now, 20));
      expect(plan).not.toMatch(/Seq Scan/);
    },
  );
});
