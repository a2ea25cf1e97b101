import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, pdfText, type ServiceHarness, silentLogger } from '@elts/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NicIrpClient } from '../../src/e-invoicing/irp-client.js';
import { EInvoiceRegistrar, retryDelayMs } from '../../src/e-invoicing/registrar.js';
import { paymentsSettings } from '../../src/settings.js';
import type { PaymentsDb } from '../../src/store/tables.js';
import { internalCall, registerMember, startPayments } from '../helpers.js';
import { qrTextOfPdf } from '../pdf-qr.js';
import { productOrderSteps } from '../product-orders.js';
import { type FakeIrp, startFakeIrp } from './fake-irp.js';

type Row = PaymentsDb['e_invoices'];

// E-invoicing (issue 38 item 6, docs/decisions/0162): with it on, payments registers each B2B product invoice with the
// IRP (here the local one) once it is issued, stores the IRN and prints it; B2C invoices are left alone.
describe.each(DATABASE_KINDS)('e-invoicing of product invoices on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;
  let irp: FakeIrp;
  const { product, paidOrder, ship, invoicesOf } = productOrderSteps(() => payments);
  const db = () => payments.db as unknown as Kysely<PaymentsDb>;
  const rowOf = async (orderId: string) =>
    (await sql<Row>`select * from e_invoices where order_id = ${orderId} and doc_type = 'INV'`.execute(db())).rows[0];
  const creditNoteRowsOf = async (orderId: string) =>
    (await sql<Row>`select * from e_invoices where order_id = ${orderId} and doc_type = 'CRN'`.execute(db())).rows;
  const sentFor = (invoiceNumber: string) => irp.received.filter((invoice: any) => invoice.DocDtls.No === invoiceNumber).length;
  /** A registrar of the test's own on the same database: another owner competing for the same rows. */
  const registrar = () =>
    new EInvoiceRegistrar(
      {
        db: db(),
        irp: new NicIrpClient({ baseUrl: irp.url, ...irp.credentials, publicKeyPem: irp.publicKeyPem }),
        supplier: { location: 'Panaji', pincode: '403001' },
        logger: silentLogger(),
      },
      { pollMs: 60_000, firstRetryMs: 1000 },
    );

  beforeAll(async () => {
    if (!available) return;
    irp = await startFakeIrp();
    payments = await startPayments(kind, {
      E_INVOICING: 'true',
      IRP_BASE_URL: irp.url,
      IRP_CLIENT_ID: irp.credentials.clientId,
      IRP_CLIENT_SECRET: irp.credentials.clientSecret,
      IRP_USERNAME: irp.credentials.username,
      IRP_PASSWORD: irp.credentials.password,
      IRP_PUBLIC_KEY: irp.publicKeyPem.replace(/\n/g, '\\n'),
      SUPPLIER_GSTIN: irp.credentials.gstin,
      E_INVOICE_POLL_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await payments?.close();
    await irp?.close();
  });

  /** A phone ordered by a business registered in Karnataka (its GSTIN on its profile), paid and shipped. */
  const shippedB2bOrder = async () => {
    const member = await registerMember(payments, { pincode: '560001', gst: '29AABCT1332L1ZA' });
    const orderId = await paidOrder(member, await product('85171300', 18), 'Karnataka', '560001');
    await ship(member, orderId);
    await eventually(async () => (await invoicesOf(orderId)).length === 1);
    return { member, orderId, invoiceNumber: (await invoicesOf(orderId))[0]!.invoice_number };
  };

  it.runIf(available)('registers a B2B invoice once it is issued, stores its IRN and prints it on the PDF', async () => {
    const { member, orderId, invoiceNumber } = await shippedB2bOrder();
    await eventually(async () => (await rowOf(orderId))?.status === 'registered', 15_000);
    const row = (await rowOf(orderId))!;
    expect(row).toMatchObject({ invoice_number: invoiceNumber, duplicate: false, last_error: null, attempts: 1 });
    expect(row.irn).toMatch(/^[0-9a-f]{64}$/);
    expect(row.ack_no).toMatch(/^\d{15}$/);
    expect(row.signed_qr_code?.split('.')).toHaveLength(3);
    // What the IRP received is the invoice as issued: the business's GSTIN, IGST to Karnataka.
    const sent = irp.received.find((invoice: any) => invoice.DocDtls.No === invoiceNumber) as any;
    expect(sent).toMatchObject({
      BuyerDtls: { Gstin: '29AABCT1332L1ZA', Pos: '29', Stcd: '29', Pin: 560001 },
      ItemList: [{ HsnCd: '85171300', Qty: 1, AssAmt: 19067.03, GstRt: 18, IgstAmt: 3432.07 }],
      ValDtls: { TotInvVal: 22499.1 },
    });
    const pdf = Buffer.from(await (await payments.request(`/api/invoices/order/${orderId}`, { token: member.token })).arrayBuffer());
    const text = pdfText(pdf);
    expect(text).toContain(`IRN: ${row.irn}`);
    expect(text).toMatch(new RegExp(`Ack No. ${row.ack_no} +Ack Date \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`));
    // Rule 48(4): the signed QR code drawn as a code, which a QR reader decodes to the IRP's signed text.
    expect(qrTextOfPdf(pdf)).toBe(row.signed_qr_code);
  });

  it.runIf(available)(
    'registers the credit note of a refund as a CRN naming its invoice, after the invoice, and prints its IRN and QR',
    async () => {
      irp.failNext(100); // the IRP away: the invoice waits for its IRN, and its credit note after it
      const { member, orderId, invoiceNumber } = await shippedB2bOrder();
      const refund = await internalCall(payments, `/internal/payments/orders/${orderId}/refund`, {
        reason: 'No replacement could be sent',
      });
      expect(refund.status).toBe(200);
      await eventually(async () => (await creditNoteRowsOf(orderId)).length === 1, 15_000);
      const [queued] = await creditNoteRowsOf(orderId);
      const note = (
        await sql<{ refund_id: string; credit_note_number: string }>`
      select refund_id, credit_note_number from credit_notes where invoice_number = ${invoiceNumber}`.execute(db())
      ).rows[0]!;
      expect(queued).toMatchObject({ invoice_number: note.credit_note_number, refund_id: note.refund_id, status: 'pending', attempts: 0 });
      // Not claimed while its invoice has no IRN: the IRP hears of the invoice first.
      await registrar().drain();
      expect((await creditNoteRowsOf(orderId))[0]!.attempts).toBe(0);
      irp.failNext(0);
      await sql`update e_invoices set next_attempt_at = now() where order_id = ${orderId}`.execute(db());
      await eventually(async () => (await creditNoteRowsOf(orderId))[0]?.status === 'registered', 15_000);
      const invoiceRow = (await rowOf(orderId))!;
      const noteRow = (await creditNoteRowsOf(orderId))[0]!;
      expect(noteRow.irn).toMatch(/^[0-9a-f]{64}$/);
      expect(noteRow.irn).not.toBe(invoiceRow.irn);
      expect(new Date(noteRow.registered_at!).getTime()).toBeGreaterThanOrEqual(new Date(invoiceRow.registered_at!).getTime());
      const sent = irp.received.find((document: any) => document.DocDtls.No === note.credit_note_number) as any;
      expect(sent).toMatchObject({
        DocDtls: { Typ: 'CRN', No: note.credit_note_number },
        RefDtls: { InvRm: 'No replacement could be sent', PrecDocDtls: [{ InvNo: invoiceNumber }] },
        BuyerDtls: { Gstin: '29AABCT1332L1ZA', Pos: '29' },
        ItemList: [{ HsnCd: '85171300', AssAmt: 19067.03, IgstAmt: 3432.07 }],
        ValDtls: { TotInvVal: 22499.1 },
      });
      // The credit note's PDF carries its own IRN and signed QR code, drawn.
      const pdf = Buffer.from(
        await (await payments.request(`/api/subscription/credit-note/${note.refund_id}`, { token: member.token })).arrayBuffer(),
      );
      expect(pdfText(pdf)).toContain(`IRN: ${noteRow.irn}`);
      expect(qrTextOfPdf(pdf)).toBe(noteRow.signed_qr_code);
      expect(sentFor(note.credit_note_number)).toBe(1);
    },
  );

  it.runIf(available)('leaves a B2C invoice alone', async () => {
    const member = await registerMember(payments, { pincode: '560001' });
    const orderId = await paidOrder(member, await product('85171300', 18), 'Karnataka', '560001');
    await ship(member, orderId);
    await eventually(async () => (await invoicesOf(orderId)).length === 1);
    expect(await rowOf(orderId)).toBeUndefined();
    const pdf = pdfText(
      Buffer.from(await (await payments.request(`/api/invoices/order/${orderId}`, { token: member.token })).arrayBuffer()),
    );
    expect(pdf).not.toContain('IRN');
  });

  it.runIf(available)('sends each invoice once however many owners drain at once, and never again once registered', async () => {
    const orders = await Promise.all([shippedB2bOrder(), shippedB2bOrder(), shippedB2bOrder()]);
    // The service's own registrar and two more, all at once.
    await Promise.all([registrar().drain(), registrar().drain(), registrar().drain()]);
    for (const { orderId, invoiceNumber } of orders) {
      await eventually(async () => (await rowOf(orderId))?.status === 'registered', 15_000);
      expect(sentFor(invoiceNumber)).toBe(1);
    }
    expect(await registrar().drain()).toBe(0);
  });

  it.runIf(available)('keeps the first IRN when a registration whose answer was lost is sent again (duplicate IRN)', async () => {
    const { orderId, invoiceNumber } = await shippedB2bOrder();
    await eventually(async () => (await rowOf(orderId))?.status === 'registered', 15_000);
    const first = (await rowOf(orderId))!;
    // As if the process died after the IRP registered it and before the answer was stored.
    await sql`update e_invoices set status = 'pending', irn = null, ack_no = null, ack_date = null, signed_qr_code = null where order_id = ${orderId}`.execute(
      db(),
    );
    await registrar().drain();
    const again = (await rowOf(orderId))!;
    expect(again).toMatchObject({
      status: 'registered',
      irn: first.irn,
      ack_no: first.ack_no,
      ack_date: first.ack_date,
      signed_qr_code: first.signed_qr_code,
      duplicate: true,
    });
    expect(sentFor(invoiceNumber)).toBe(2);
  });

  it.runIf(available)('never blocks the invoice: a failure is kept with its reason and tried again later', async () => {
    irp.failNext(100);
    const { orderId, invoiceNumber } = await shippedB2bOrder();
    // The invoice is issued and served whatever the IRP does.
    expect((await invoicesOf(orderId))[0]!.invoice_number).toBe(invoiceNumber);
    await eventually(async () => ((await rowOf(orderId))?.last_error ?? '').includes('503'), 15_000);
    const failed = (await rowOf(orderId))!;
    expect(failed.status).toBe('pending');
    expect(new Date(failed.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000); // 30 s after a first failure
    irp.failNext(0);
    // Not due yet: a drain leaves it.
    await registrar().drain();
    expect((await rowOf(orderId))!.status).toBe('pending');
    await sql`update e_invoices set next_attempt_at = now() where order_id = ${orderId}`.execute(db());
    await eventually(async () => (await rowOf(orderId))?.status === 'registered', 15_000);
    expect((await rowOf(orderId))!.attempts).toBeGreaterThanOrEqual(2);
  });

  it.runIf(available)("shows operators the registrations that fail, with the IRP's error, and retries one now, idempotently", async () => {
    const admin = payments.adminSession().token;
    const problems = async () => (await payments.json('/admin/gst/e-invoices', { token: admin })).body.data;
    const retry = (documentNumber: string, token = admin) =>
      payments.json('/admin/gst/e-invoices/retry', { method: 'POST', token, body: { documentNumber } });
    irp.failNext(100);
    const { orderId, invoiceNumber } = await shippedB2bOrder();
    await eventually(async () => ((await rowOf(orderId))?.last_error ?? '') !== '', 15_000);
    const listed = await problems();
    expect(listed).toMatchObject({ enabled: true, lateMinutes: 30 });
    const mine = listed.registrations.find((registration: any) => registration.documentNumber === invoiceNumber);
    expect(mine).toMatchObject({ docType: 'INV', orderId, status: 'pending', attempts: 1, waitingForInvoice: false, irn: null });
    expect(mine.lastError).toContain('503');
    expect(new Date(mine.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Members may not see or retry it.
    expect((await payments.json('/admin/gst/e-invoices', { token: payments.memberSession().token })).status).toBe(401);
    expect((await retry(invoiceNumber, payments.memberSession().token)).status).toBe(401);
    // The IRP back: a retry sends it now rather than in 30 seconds.
    irp.failNext(0);
    const retried = await retry(invoiceNumber);
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe(`${invoiceNumber} is being sent to the IRP again now.`);
    await eventually(async () => (await rowOf(orderId))?.status === 'registered', 10_000);
    expect((await problems()).registrations.map((registration: any) => registration.documentNumber)).not.toContain(invoiceNumber);
    // Again, once registered: nothing is sent, the answer says so.
    const again = await retry(invoiceNumber);
    expect(again.body.message).toBe(`${invoiceNumber} is registered already, with IRN ${(await rowOf(orderId))!.irn}.`);
    expect(again.body.data).toMatchObject({ status: 'registered', nextAttemptAt: null });
    await registrar().drain();
    expect(sentFor(invoiceNumber)).toBe(1); // the IRP answered 503 to the failed attempts before reading them
    const unknown = await retry('EG/2627/999999');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'No e-invoice registration has the document number EG/2627/999999.']);
    expect((await retry(' ')).status).toBe(400);
  });

  it('is off by default, and on only with every IRP credential', () => {
    expect(paymentsSettings.parse({}).E_INVOICING).toBe(false);
    const refused = paymentsSettings.safeParse({ E_INVOICING: 'true', IRP_BASE_URL: 'https://einv-apisandbox.nic.in' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['E_INVOICING'], message: expect.stringContaining('IRP_PUBLIC_KEY') });
    const pem = '-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----';
    const complete = { IRP_CLIENT_ID: 'c', IRP_CLIENT_SECRET: 's', IRP_USERNAME: 'u', IRP_PASSWORD: 'p', IRP_PUBLIC_KEY: pem };
    const on = paymentsSettings.parse({ E_INVOICING: 'true', IRP_BASE_URL: 'https://einv-apisandbox.nic.in', ...complete });
    expect(on.IRP_PUBLIC_KEY).toBe('-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----');
  });

  it('waits longer after each failure, up to its ceiling', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000, 3_600_000)).toBe(3_600_000);
  });
});
