import { randomUUID } from 'node:crypto';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, signUp, startIdentity, uniqueEmail } from './helpers.js';

/**
 * The member's mail about their money, from payments' events (issue 34, issue 32 item 5): a receipt for each
 * membership payment, the end of a membership whose mandate was revoked, and each refund when it starts, when it is
 * made, or the credits given instead. Each event delivered twice (a redelivery) mails once; one long past mails not.
 */
describe.each(DATABASE_KINDS)('mail about payments and refunds on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;
  beforeAll(async () => {
    if (available) identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  const publish = async (type: string, data: Record<string, unknown>, at?: Date) => {
    const event = { type, data };
    await identity.source('payments').transact(async (unit) => {
      const stored = await unit.append(`payment-${randomUUID()}`, 'any', [event, event]);
      if (at) {
        const { sql } = await import('@elts/platform');
        await sql`update events set recorded_at = ${at} where event_id in (${sql.join(stored.map((e) => e.eventId))})`.execute(unit.db);
      }
    });
  };

  it.runIf(available)('mails a receipt, a revoked membership, and each refund once, and nothing for a plain cancellation', async () => {
    const email = uniqueEmail('payer');
    const { memberId } = await signUp(identity, email, 'Asha Rao');
    const membershipInvoice = {
      invoiceNumber: 'ELTS/26-27/0007',
      paymentId: 'PAY-RECEIPT1',
      memberId,
      financialYear: '2026-27',
      issuedAt: new Date().toISOString(),
      description: 'Annual membership, first year',
      sac: '998599',
      taxablePaise: 99_900,
      cgstPaise: 8_991,
      sgstPaise: 8_991,
      igstPaise: 0,
      totalPaise: 117_882,
      placeOfSupply: { state: 'Goa', code: '30' },
      recipient: { name: 'Asha Rao', address: null, gstin: null, state: 'Goa' },
      supplier: { name: 'ELTS Club', address: 'Panaji', gstin: '30AAAAA0000A1Z5', state: 'Goa' },
    };
    await publish('InvoiceIssued', membershipInvoice);
    // A product order's invoice is no membership receipt: the shipped mail tells of it (docs/decisions/0093).
    await publish('InvoiceIssued', {
      ...membershipInvoice,
      invoiceNumber: 'EG/2627/000001',
      paymentId: 'PAY-GOODS1',
      goods: { orderId: 'ORD-GOODS0000001', deliveryAddress: 'Asha Rao, 12 MG Road, Panaji, Goa 403001', lines: [], paidByCreditPaise: 0 },
    });
    await publish('SubscriptionCancelled', { subscriptionId: 'MEM-CANCELLED', memberId, reason: 'Changed my mind', revoked: false });
    await publish('SubscriptionCancelled', { subscriptionId: 'MEM-REVOKED01', memberId, reason: 'Mandate revoked', revoked: true });
    const refund = { paymentId: 'PAY-LATE01', refundId: 'RF-LATE01', orderId: 'ORD-LATE00000001', memberId, amountPaise: 134_910 };
    // A payment that came after its order had failed, refunded by itself: the member hears that the money comes back
    // once the gateway took the refund (not when it was merely asked for), and again when it is made.
    await publish('RefundRequested', { ...refund, reason: 'Out of stock when the payment arrived', subscriptionPayment: null });
    await publish('RefundAccepted', { ...refund, reason: 'Out of stock when the payment arrived' });
    await publish('PaymentRefunded', { ...refund, reason: 'Out of stock when the payment arrived' });
    // Asked for, then failed by the gateway at once: nothing started, so nothing is mailed.
    const failed = { ...refund, refundId: 'RF-FAILED01' };
    await publish('RefundRequested', { ...failed, reason: 'No replacement in stock', subscriptionPayment: null });
    await publish('RefundFailed', { ...failed, reason: 'The payment gateway failed the refund' });
    await publish('RefundCreditGranted', { memberId, orderId: 'ORD-CREDITS00001', amountPaise: 49_900, expiresAt: '2027-11-30T18:30:00Z' });
    // Long past (a consumer group reading the stream from its start): not news.
    await publish('RefundAccepted', { ...refund, refundId: 'RF-OLD', reason: 'Out of stock' }, new Date(Date.now() - 5 * 86_400_000));

    const subjects = ['Your ELTS Club membership receipt (ELTS/26-27/0007)', 'Your ELTS Club membership has ended'];
    subjects.push(
      'Your refund of ₹1,349.10 has started',
      'Your refund of ₹1,349.10 has been made',
      '₹499.00 of credits for order ORD-CREDITS00001',
    );
    await eventually(async () => (await mailTo(identity, email)).length >= subjects.length);
    // Time for a redelivered event to mail twice, if it would.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = await mailTo(identity, email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
    const started = mails.find((mail) => mail.subject.endsWith('has started'))!;
    expect(started.body_text).toContain('Why: Out of stock when the payment arrived.');
    expect(started.body_text).not.toContain('RF-OLD');
    expect(mails.some((mail) => mail.body_text.includes('RF-FAILED01'))).toBe(false);
    for (const mail of mails) expect(mail.body_text).toMatch(/^Hi Asha,\n/);
  });
});
