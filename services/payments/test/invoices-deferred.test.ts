import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { current, decideMandate, ordersStandIn, registerMember, startPayments, subscribe } from './helpers.js';

describe.each(DATABASE_KINDS)('an invoice waits for the place of supply on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;
  let directoryAway = false;

  beforeAll(async () => {
    if (available)
      payments = await startPayments(
        kind,
        {},
        ordersStandIn(() => directoryAway),
      );
  });
  afterAll(async () => payments?.close());

  const invoicesOf = async (memberId: string) =>
    (
      await sql<{
        document: { placeOfSupply: { state: string }; cgstPaise: number; sgstPaise: number; igstPaise: number; description: string };
      }>`select document from invoices where member_id = ${memberId}`.execute(payments.db)
    ).rows.map((row) => (typeof row.document === 'string' ? JSON.parse(row.document) : row.document));
  const reconcile = (mode: 'normal' | 'light') =>
    payments.json('/internal/cron/trigger', { method: 'POST', body: { mode }, headers: { 'x-service-token': TEST_SERVICE_TOKEN } });

  it.runIf(available)('issues no guessed invoice while the directory is away, and the right one (IGST) once it is back', async () => {
    const member = await registerMember(payments, { pincode: '560001' });
    // Starting a membership asks the directory whether the pincode is served, so it goes away only after that.
    const started = await subscribe(payments, member);
    directoryAway = true;
    try {
      await decideMandate(payments, started.payment_link, 'success');
      await eventually(async () => (await current(payments, member)).subscription.status === 'active');
      // The membership and its credit start at once; only the invoice waits, rather than charge Goa's CGST+SGST.
      expect((await current(payments, member)).credit_balance_paise).toBe(99_900);
      expect(await invoicesOf(member.memberId)).toEqual([]);
      expect((await reconcile('light')).status).toBe(200);
      expect(await invoicesOf(member.memberId)).toEqual([]);
    } finally {
      directoryAway = false;
    }
    expect((await reconcile('light')).status).toBe(200);
    const [invoice, ...others] = await invoicesOf(member.memberId);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      placeOfSupply: { state: 'Karnataka' },
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 17_982,
      description: 'Annual membership, first year',
    });
    await reconcile('normal');
    expect(await invoicesOf(member.memberId)).toHaveLength(1);
  });
});
