import { indianMidnightOf } from '@elts/contracts';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, eventually, pdfText, type ServiceHarness } from '@elts/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gstr1Document } from '../src/invoices/gstr1-json.js';
import { takeCreditNoteNumber, takeInvoiceNumber } from '../src/store/invoices.js';
import type { PaymentsDb } from '../src/store/tables.js';
import { internalCall, registerMember, startPayments } from './helpers.js';
import { productOrderSteps } from './product-orders.js';

// Product orders' tax invoices (issue 38, docs/decisions/0093): issued by payments when orders says the goods shipped.
describe.each(DATABASE_KINDS)('tax invoices of product orders on %s', (kind) => {
  const available = databaseAvailable(kind);
  let payments: ServiceHarness;
  const internal = (path: string, body?: unknown) => internalCall(payments, path, body);

  beforeAll(async () => {
    if (available) payments = await startPayments(kind);
  });
  afterAll(async () => payments?.close());

  const { product, paidOrder, ship, invoicesOf } = productOrderSteps(() => payments);
  /** The credit notes against an order's payment, as issued. */
  const notesOf = async (orderId: string) =>
    (
      await sql<{ document: any }>`select n.document from credit_notes n join payments p on p.payment_id = n.payment_id
        where p.order_id = ${orderId} and p.refund_of is null`.execute(payments.db)
    ).rows.map((row) => (typeof row.document === 'string' ? JSON.parse(row.document) : row.document));

  it.runIf(available)('issues one invoice when the goods ship, with IGST to another state and the credit as a discount', async () => {
    const member = await registerMember(payments);
    const productId = await product('85171300', 18);
    const orderId = await paidOrder(member, productId, 'Karnataka', '560001');
    expect(await invoicesOf(orderId)).toEqual([]);
    // Shipped twice over (a redelivery, an operator's repeat): one invoice.
    await ship(member, orderId);
    await ship(member, orderId);
    await eventually(async () => (await invoicesOf(orderId)).length === 1);
    const [invoice] = await invoicesOf(orderId);
    expect(invoice!.invoice_number).toMatch(/^EG\/\d{4}\/\d{6}$/);
    expect(invoice!.document).toMatchObject({
      ratePercent: 18,
      taxablePaise: 1_906_703,
      igstPaise: 343_207,
      cgstPaise: 0,
      totalPaise: 2_249_910,
      placeOfSupply: { state: 'Karnataka', code: '29' },
      recipient: { name: 'Asha Rao', gstin: null, state: 'Karnataka' },
      goods: {
        orderId,
        deliveryAddress: 'Asha Rao, 12 MG Road, Bengaluru, Karnataka 560001',
        lines: [{ hsnCode: '85171300', quantity: 1, grossValuePaise: 2_118_559, discountPaise: 211_856, taxablePaise: 1_906_703 }],
      },
    });

    const pdf = await payments.request(`/api/invoices/order/${orderId}`, { token: member.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of [
      'TAX INVOICE',
      `Invoice No. ${invoice!.invoice_number}`,
      'Place of supply: Karnataka (29)',
      'Reverse charge: No',
      'Delivery address: Asha Rao, 12 MG Road, Bengaluru, Karnataka 560001',
      'HSN',
      '85171300',
      '1 Nos',
      'Samsung Galaxy S24 5G (256 GB)',
      'Rs. 21,185.59',
      'Less discount (membership credit)',
      '-Rs. 2,118.56',
      'Rs. 19,067.03',
      'IGST 18%',
      'Rs. 3,432.07',
      'Rs. 22,499.10',
      'GSTIN: Unregistered',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');

    // Only its member downloads it; an operator finds it by the order.
    expect((await payments.request(`/api/invoices/order/${orderId}`, { token: payments.memberSession().token })).status).toBe(404);
    expect((await payments.request(`/admin/invoices/order/${orderId}`, { token: payments.adminSession().token })).status).toBe(200);
  });

  it.runIf(available)('names a registered business with its GSTIN, and takes the tax back on a refund at the same rate', async () => {
    const member = await registerMember(payments, { pincode: '403001', gst: '29AABCT1332L1ZA' });
    const productId = await product('85171300', 5);
    const orderId = await paidOrder(member, productId, 'Goa', '403001');
    await ship(member, orderId);
    // A replacement's shipment is not a new supply.
    await ship(member, orderId, 2);
    await eventually(async () => (await invoicesOf(orderId)).length === 1);
    const [invoice] = await invoicesOf(orderId);
    expect(invoice!.document).toMatchObject({
      ratePercent: 5,
      placeOfSupply: { state: 'Goa', code: '30' },
      recipient: { gstin: '29AABCT1332L1ZA', state: 'Karnataka' },
      igstPaise: 0,
    });
    expect(invoice!.document.cgstPaise + invoice!.document.sgstPaise).toBe(2_249_910 - invoice!.document.taxablePaise);
    // E-invoicing is off by default (docs/decisions/0162): a B2B invoice is not queued for the IRP.
    expect((await sql`select order_id from e_invoices where order_id = ${orderId}`.execute(payments.db)).rows).toEqual([]);

    // Under way at first, as Cashfree answers; the credit note comes with the refund made (its webhook).
    const refund = await internal(`/internal/payments/orders/${orderId}/refund`, { reason: 'No replacement could be sent' });
    expect(refund.status).toBe(200);
    const creditNotes = () =>
      sql<{ refund_id: string; invoice_number: string; document: any }>`
      select refund_id, invoice_number, document from credit_notes where payment_id = ${invoice!.document.paymentId}`.execute(payments.db);
    await eventually(async () => (await creditNotes()).rows.length > 0);
    const notes = await creditNotes();
    expect(notes.rows).toHaveLength(1);
    const note = notes.rows[0]!;
    expect(note.invoice_number).toBe(invoice!.invoice_number);
    expect(note.document).toMatchObject({
      ratePercent: 5,
      taxablePaise: invoice!.document.taxablePaise,
      cgstPaise: invoice!.document.cgstPaise,
      sgstPaise: invoice!.document.sgstPaise,
      totalPaise: 2_249_910,
      against: { invoiceNumber: invoice!.invoice_number },
      goods: { orderId },
    });
    const pdf = await payments.request(`/api/subscription/credit-note/${note.refund_id}`, { token: member.token });
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Against tax invoice ${invoice!.invoice_number}`);
    expect(text).toContain('CGST 2.5%');
    expect(text).toContain('GSTIN: 29AABCT1332L1ZA');
  });

  // Issue 38 item 4: every refund of an invoiced order's payment (an exchange refunded for want of a replacement, an
  // operator's refund after dispatch) is a credit note; an order refunded before it shipped (out of stock, or its
  // late payment refunded) had no invoice and gets none.
  it.runIf(available)('credits each refund of a shipped order, in parts adding up to its invoice and never above it', async () => {
    const member = await registerMember(payments);
    const productId = await product('85171300', 18);
    const refunded = async (orderId: string, path: 'refund' | 'refunds', body: object) => {
      const answer = await internal(`/internal/payments/orders/${orderId}/${path}`, body);
      expect(answer.status).toBe(200);
    };

    // Refunded before shipping: out of stock (a keyed refund), and a late payment given back (the whole payment).
    const outOfStock = await paidOrder(member, productId, 'Goa', '403001');
    const late = await paidOrder(member, productId, 'Goa', '403001');
    await refunded(outOfStock, 'refunds', { key: 'out-of-stock', amountPaise: 2_249_910, reason: 'Out of stock' });
    await refunded(late, 'refund', { reason: 'The stock was gone when the payment arrived' });
    const settled = async (orderId: string) =>
      (
        await sql<{ n: number }>`select count(*)::int as n from events
          where type = 'PaymentRefunded' and data->>'orderId' = ${orderId}`.execute(payments.db)
      ).rows[0]!.n;
    await eventually(async () => (await settled(outOfStock)) === 1 && (await settled(late)) === 1);
    expect(await invoicesOf(outOfStock)).toEqual([]);
    expect(await notesOf(outOfStock)).toEqual([]);
    expect(await notesOf(late)).toEqual([]);

    // Shipped and invoiced (IGST to Karnataka), then refunded in two parts: Rs 1.00 of an exchange, then the rest by
    // an operator. Each rounded on its own, they would take back a paisa more taxable value than the invoice had.
    const orderId = await paidOrder(member, productId, 'Karnataka', '560001');
    await ship(member, orderId);
    await eventually(async () => (await invoicesOf(orderId)).length === 1);
    const invoice = (await invoicesOf(orderId))[0]!.document;
    await refunded(orderId, 'refunds', { key: 'exchange-EX-1', amountPaise: 100, reason: 'No replacement could be sent' });
    await refunded(orderId, 'refunds', { key: 'operator-after-dispatch', amountPaise: 2_249_810, reason: 'Refunded by an operator' });
    await eventually(async () => (await notesOf(orderId)).length === 2);
    const notes = await notesOf(orderId);
    for (const note of notes) {
      expect(note).toMatchObject({ ratePercent: 18, cgstPaise: 0, sgstPaise: 0, against: { invoiceNumber: invoice.invoiceNumber } });
    }
    const sum = (figure: string) => notes.reduce((total, note) => total + note[figure], 0);
    for (const figure of ['taxablePaise', 'igstPaise', 'totalPaise']) expect(sum(figure)).toBe(invoice[figure]);
    // Rs 1.00 took no phone back; the rest did: the month's HSN summary counts one unit back, not two.
    expect(notes.map((note) => note.goods.lines[0].quantity).sort()).toEqual([0, 1]);
    // Nothing is left to refund, so no further credit note.
    const more = await internal(`/internal/payments/orders/${orderId}/refunds`, { key: 'one-more', amountPaise: 100, reason: 'Again' });
    expect(more.status).toBe(409);
    expect(await notesOf(orderId)).toHaveLength(2);
  });

  it.runIf(available)('credits an invoiced order given back as membership credit, once, and none for one not invoiced', async () => {
    const member = await registerMember(payments);
    const productId = await product('85171300', 18);
    const credited = async (orderId: string, amountPaise: number) => {
      const answer = await internal('/internal/credit/refund', { memberId: member.memberId, orderId, amountPaise });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };

    // Not shipped, so not invoiced: the credit needs no credit note.
    const unshipped = await paidOrder(member, productId, 'Goa', '403001');
    await credited(unshipped, 50_000);
    expect(await notesOf(unshipped)).toEqual([]);

    // Shipped and invoiced, then an exchange that could not be sent is given back as credit: one credit note against
    // the invoice, at its rate, for the amount credited; asked again, the same grant and no second note.
    const orderId = await paidOrder(member, productId, 'Goa', '403001');
    await ship(member, orderId);
    await eventually(async () => (await invoicesOf(orderId)).length === 1);
    const invoice = (await invoicesOf(orderId))[0]!.document;
    await credited(orderId, invoice.totalPaise);
    await credited(orderId, invoice.totalPaise);
    const notes = await notesOf(orderId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      refundId: `CR-${orderId}`,
      ratePercent: 18,
      taxablePaise: invoice.taxablePaise,
      cgstPaise: invoice.cgstPaise,
      sgstPaise: invoice.sgstPaise,
      totalPaise: invoice.totalPaise,
      against: { invoiceNumber: invoice.invoiceNumber, reason: 'Given back as membership credit instead of a refund' },
    });
  });

  it.runIf(available)('lets a member name their business on an order until it ships, and the invoice names it', async () => {
    const member = await registerMember(payments, { pincode: '560001' });
    const orderId = await paidOrder(member, await product('85171300', 18), 'Karnataka', '560001');
    const buyer = `/api/invoices/order/${orderId}/buyer`;
    await eventually(async () => (await payments.json(buyer, { token: member.token })).status === 200);
    expect((await payments.json(buyer, { token: member.token })).body.data).toEqual({ gstin: null, legalName: null, editable: true });
    // Each wrong GSTIN gets its own sentence; a GSTIN of another state than the billing address is refused.
    const put = (body: object, token = member.token) => payments.json(buyer, { method: 'PUT', token, body });
    const typo = await put({ gstin: '29AABCT1332L1ZB', legalName: 'Tata Traders' });
    expect([typo.status, typo.body.message]).toEqual([400, expect.stringContaining("This GSTIN's check digit is wrong")]);
    const elsewhere = await put({ gstin: '30AABCE1234F1ZI', legalName: 'Tata Traders' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(
      "This GSTIN is registered in Goa (30), but the order's billing address is in Karnataka. Please enter your GSTIN for Karnataka.",
    );
    expect((await put({ gstin: '29AABCT1332L1ZA', legalName: ' ' })).body.message).toContain('Legal name is required');
    // Another member cannot see or name this order.
    expect((await put({ gstin: '29AABCT1332L1ZA', legalName: 'Tata Traders' }, payments.memberSession().token)).status).toBe(404);
    // Added, then corrected (lower case is taken as upper case).
    expect((await put({ gstin: '29AABCT1332L1ZA', legalName: 'Tata Traders' })).status).toBe(200);
    const corrected = await put({ gstin: '29aabct1332l1za', legalName: 'Tata Traders Private Limited' });
    expect(corrected.body.data).toEqual({ gstin: '29AABCT1332L1ZA', legalName: 'Tata Traders Private Limited', editable: true });

    await ship(member, orderId);
    await eventually(async () => (await invoicesOf(orderId)).length === 1);
    const [invoice] = await invoicesOf(orderId);
    expect(invoice!.document.recipient).toMatchObject({
      name: 'Tata Traders Private Limited',
      gstin: '29AABCT1332L1ZA',
      state: 'Karnataka',
    });
    const text = pdfText(
      Buffer.from(await (await payments.request(`/api/invoices/order/${orderId}`, { token: member.token })).arrayBuffer()),
    );
    expect(text).toContain('Tata Traders Private Limited');
    expect(text).toContain('GSTIN: 29AABCT1332L1ZA');
    // Once invoiced, it no longer changes.
    expect((await payments.json(buyer, { token: member.token })).body.data.editable).toBe(false);
    const late = await put({ gstin: '29AABCT1332L1ZA', legalName: 'Someone Else' });
    expect([late.status, late.body.message]).toEqual([
      409,
      'This order has shipped and its tax invoice is issued, so its GSTIN can no longer change.',
    ]);
  });

  it.runIf(available)("gives operators the month's GSTR-1 data, its totals equal to the month's invoiced payments", async () => {
    const member = await registerMember(payments, { pincode: '560001', gst: '29AABCT1332L1ZA' });
    const orderId = await paidOrder(member, await product('85183000', 18), 'Karnataka', '560001');
    await ship(member, orderId);
    await eventually(async () => (await invoicesOf(orderId)).length === 1);
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const admin = payments.adminSession().token;
    const { status, body } = await payments.json(`/admin/gst/returns?month=${month}`, { token: admin });
    expect(status).toBe(200);
    const data = body.data;
    expect(data.b2b.map((row: { number: string }) => row.number)).toContain((await invoicesOf(orderId))[0]!.invoice_number);
    // The payments ledger of the month: what the invoiced payments took, and what the refunds of invoiced payments
    // settled in the month gave back (the refunds' own payment rows, not the credit notes) with the membership credit
    // given back instead for invoiced orders (the credit ledger's grants). The return's invoices add up to the first
    // and its credit notes to the second, to the paisa.
    const [year, number] = month.split('-').map(Number) as [number, number];
    const [from, to] = [indianMidnightOf(year, number, 1), indianMidnightOf(year, number + 1, 1)];
    const ledger = await sql<{ paid: string; refunded: string; count: number }>`
      select coalesce(sum(p.amount_paise), 0) as paid, count(*)::int as count,
        (select coalesce(sum(r.amount_paise), 0) from payments r join invoices ri on ri.payment_id = r.refund_of
          where r.status = 'success' and r.processed_at >= ${from} and r.processed_at < ${to})
        + (select coalesce(sum(g.amount_paise), 0) from credit_ledger g
          join payments gp on gp.order_id = g.order_id and gp.purpose = 'product_order'
          join invoices gi on gi.payment_id = gp.payment_id
          where g.kind = 'grant' and g.created_at >= ${from} and g.created_at < ${to}) as refunded
      from invoices i join payments p on p.payment_id = i.payment_id
      where i.issued_at >= ${from} and i.issued_at < ${to}`.execute(payments.db);
    expect(Number(ledger.rows[0]!.refunded)).toBeGreaterThan(0);
    const { invoices, creditNotes } = data.totals;
    expect(invoices.count).toBe(ledger.rows[0]!.count);
    expect(invoices.taxablePaise + invoices.igstPaise + invoices.cgstPaise + invoices.sgstPaise).toBe(Number(ledger.rows[0]!.paid));
    expect(creditNotes.taxablePaise + creditNotes.igstPaise + creditNotes.cgstPaise + creditNotes.sgstPaise).toBe(
      Number(ledger.rows[0]!.refunded),
    );
    const csv = await payments.request(`/admin/gst/returns/b2b?month=${month}`, { token: admin });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="GSTR1_b2b_${month}.csv"`);
    const invoiceNumber = (await invoicesOf(orderId))[0]!.invoice_number;
    const b2bRow = (await csv.text()).split('\r\n').find((line) => line.includes(invoiceNumber));
    expect(b2bRow).toMatch(/^29AABCT1332L1ZA,Asha Rao,EG\/\d{4}\/\d{6},\d{2}-\w{3}-\d{4},22499\.10,29-Karnataka,N,/);
    expect((await payments.json(`/admin/gst/returns/gstr9?month=${month}`, { token: admin })).status).toBe(400);
    const bad = await payments.json('/admin/gst/returns?month=2026-13', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Month must be YYYY-MM, such as 2026-11');
    expect((await payments.json(`/admin/gst/returns?month=${month}`, { token: member.token })).status).toBe(401);
    // The offline tool's JSON (decision 0158): the same month, the supplier's GSTIN, the invoice under its buyer.
    const file = await payments.request(`/admin/gst/gstr1?month=${month}`, { token: admin });
    expect(file.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="GSTR1_30AABCE1234F1ZI_${month}.json"`);
    const json = (await file.json()) as Gstr1Document;
    expect(json).toMatchObject({ gstin: '30AABCE1234F1ZI', fp: `${month.slice(5)}${month.slice(0, 4)}` });
    const filed = json.b2b?.find((group) => group.ctin === '29AABCT1332L1ZA');
    expect(filed?.inv.find((row) => row.inum === invoiceNumber)).toMatchObject({ val: 22499.1, pos: '29', rchrg: 'N' });
    expect((await payments.json(`/admin/gst/gstr1?month=${month}`, { token: member.token })).status).toBe(401);
    expect((await payments.json('/admin/gst/gstr1?month=2026-13', { token: admin })).body.message).toContain('Month must be YYYY-MM');
  });

  it.runIf(available)('numbers each series and year without gaps or repeats when invoices are issued at once', async () => {
    // Twelve transactions at once in a year no other test uses; every third fails after taking its number.
    const db = payments.db as unknown as Kysely<PaymentsDb>;
    const attempts = Array.from({ length: 12 }, (_, index) =>
      db
        .transaction()
        .execute(async (trx) => {
          const number = await takeInvoiceNumber(trx, '2031-32', 'goods');
          if (index % 3 === 2) throw new Error('the invoice could not be recorded');
          return number;
        })
        .catch(() => undefined),
    );
    const taken = (await Promise.all(attempts)).filter((number) => number !== undefined).sort((a, b) => a - b);
    expect(taken).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The credit notes' one series (memberships' and goods') is numbered the same way.
    const notes = Array.from({ length: 6 }, (_, index) =>
      db
        .transaction()
        .execute(async (trx) => {
          const number = await takeCreditNoteNumber(trx, '2031-32');
          if (index % 3 === 1) throw new Error('the credit note could not be recorded');
          return number;
        })
        .catch(() => undefined),
    );
    expect((await Promise.all(notes)).filter((number) => number !== undefined).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    // The membership's series and the next financial year start from 1 on their own.
    expect(await db.transaction().execute((trx) => takeInvoiceNumber(trx, '2031-32'))).toBe(1);
    expect(await db.transaction().execute((trx) => takeInvoiceNumber(trx, '2032-33', 'goods'))).toBe(1);
  });

  it.runIf(available)('issues no invoice for a product without tax facts, nor before shipment', async () => {
    const member = await registerMember(payments);
    const orderId = await paidOrder(member, await product(null, null), 'Goa', '403001');
    expect((await payments.request(`/api/invoices/order/${orderId}`, { token: member.token })).status).toBe(404);
    const [shipped] = await ship(member, orderId);
    await eventually(async () => {
      const done =
        await sql`select 1 from processed_events where consumer = 'payments.product-orders' and event_id = ${shipped!.eventId}`.execute(
          payments.db,
        );
      return done.rows.length === 1;
    });
    expect(await invoicesOf(orderId)).toEqual([]);
  });
});
