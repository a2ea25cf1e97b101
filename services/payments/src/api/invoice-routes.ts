import { INDIAN_STATES, indianStateNamed, paymentsOperations, rupeesOf } from '@elts/contracts';
import { type AppEnv, badRequest, conflict, mount, notFound, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import type { PaymentsContext } from '../commands/context.js';
import { monthReturn } from '../domain/gst-return.js';
import { irpTime } from '../e-invoicing/irp-client.js';
import { gstr1Csv } from '../invoices/gstr1-csv.js';
import { gstr1Json } from '../invoices/gstr1-json.js';
import { type EInvoiceMark, type InvoiceRecord, invoicePdf } from '../invoices/invoice-document.js';
import { findEInvoice } from '../store/e-invoices.js';
import { findDocument, latestDocuments } from '../store/invoice-documents.js';
import { documentsOfMonth } from '../store/month-documents.js';
import { findOrderBuyer, saveOrderBuyer } from '../store/product-orders.js';

/** Tax invoices (memberships' and product orders') and credit notes: a member downloads their own, an admin any. */
export function invoiceRoutes(context: PaymentsContext) {
  const find = (paymentId: string, memberId?: string) => findDocument(context.db, 'invoices', 'payment_id', paymentId, memberId);
  const findCreditNote = (refundId: string, memberId?: string) => findDocument(context.db, 'credit_notes', 'refund_id', refundId, memberId);
  const latestOf = <T extends 'invoices' | 'credit_notes'>(table: T, memberId: string) => latestDocuments(context.db, table, memberId);
  /**
   * A document as its PDF: an invoice or credit note registered with the IRP carries its IRN, acknowledgement and
   * signed QR code (docs/decisions/0162, 0165); looked up by the document's number, so memberships' find none.
   */
  const pdfResponse = async (document: unknown) => {
    const invoice = (typeof document === 'string' ? JSON.parse(document) : document) as InvoiceRecord;
    const file = invoice.against ? 'credit-note' : 'invoice';
    return new Response(new Uint8Array(invoicePdf(invoice, await registrationOf(invoice.invoiceNumber))), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${file}-${invoice.invoiceNumber.replace(/\//g, '-')}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  };
  const registrationOf = async (documentNumber: string): Promise<EInvoiceMark | undefined> => {
    const registered = await findEInvoice(context.db, documentNumber);
    if (!registered?.irn || !registered.ack_no || !registered.ack_date) return undefined;
    const { irn, ack_no: ackNo, ack_date: ackDate, signed_qr_code: signedQrCode } = registered;
    return { irn, ackNo, ackAt: irpTime(ackDate), signedQrCode };
  };
  const app = new Hono<AppEnv>();
  mount(app, paymentsOperations.memberInvoices, async (c) => {
    const member = requireMember(c);
    const rows = await latestOf('invoices', member.id);
    return c.json({
      is_success: true,
      data: rows.map((row) => ({
        invoice_number: row.invoice_number,
        payment_id: row.payment_id,
        issued_at: row.issued_at.toISOString(),
        amount: rupeesOf(Number(row.total_paise)),
        download_url: `/api/subscription/invoice/${encodeURIComponent(row.payment_id)}`,
      })),
    });
  });
  mount(app, paymentsOperations.memberInvoicePdf, async (c) => {
    const member = requireMember(c);
    const row = await find(c.req.valid('param').paymentId, member.id);
    if (!row) throw notFound('Invoice not found');
    return pdfResponse(row.document);
  });
  // GST credit notes of refunds of invoiced payments, downloaded like the invoices (docs/decisions/0024).
  mount(app, paymentsOperations.memberCreditNotes, async (c) => {
    const member = requireMember(c);
    const rows = await latestOf('credit_notes', member.id);
    return c.json({
      is_success: true,
      data: rows.map((row) => ({
        credit_note_number: row.credit_note_number,
        invoice_number: row.invoice_number,
        refund_id: row.refund_id,
        payment_id: row.payment_id,
        issued_at: row.issued_at.toISOString(),
        amount: rupeesOf(Number(row.total_paise)),
        download_url: `/api/subscription/credit-note/${encodeURIComponent(row.refund_id)}`,
      })),
    });
  });
  mount(app, paymentsOperations.memberCreditNotePdf, async (c) => {
    const member = requireMember(c);
    const row = await findCreditNote(c.req.valid('param').refundId, member.id);
    if (!row) throw notFound('Credit note not found');
    return pdfResponse(row.document);
  });
  mount(app, paymentsOperations.adminCreditNotePdf, async (c) => {
    const row = await findCreditNote(c.req.valid('param').refundId);
    if (!row) throw notFound('Credit note not found');
    return pdfResponse(row.document);
  });
  // A product order's invoice, by its order (docs/decisions/0093): there is none until its goods ship.
  mount(app, paymentsOperations.memberOrderInvoicePdf, async (c) => {
    const row = await findDocument(context.db, 'invoices', 'order_id', c.req.valid('param').orderId, requireMember(c).id);
    if (!row) throw notFound('Invoice not found: an order is invoiced when it ships');
    return pdfResponse(row.document);
  });
  // The business an order's invoice names (issue 38 item 3, docs/decisions/0158): given or corrected until it ships.
  const ORDER_NOT_FOUND = 'Order not found';
  const SHIPPED = 'This order has shipped and its tax invoice is issued, so its GSTIN can no longer change.';
  mount(app, paymentsOperations.memberOrderBuyer, async (c) => {
    const found = await findOrderBuyer(context.db, c.req.valid('param').orderId, requireMember(c).id);
    if (!found) throw notFound(ORDER_NOT_FOUND);
    const { buyer, invoiced } = found;
    return c.json({ is_success: true, data: { gstin: buyer?.gstin ?? null, legalName: buyer?.legalName ?? null, editable: !invoiced } });
  });
  mount(app, paymentsOperations.memberSetOrderBuyer, async (c) => {
    const { orderId } = c.req.valid('param');
    const { gstin, legalName } = c.req.valid('json');
    const found = await findOrderBuyer(context.db, orderId, requireMember(c).id);
    if (!found) throw notFound(ORDER_NOT_FOUND);
    if (found.invoiced) throw conflict(SHIPPED);
    // A GSTIN belongs to one state: the order's billing address must be in it (the invoice names the GSTIN's state).
    const registeredIn = INDIAN_STATES.find((state) => state.code === gstin.slice(0, 2));
    const billingState = indianStateNamed(found.billingState);
    if (!registeredIn) throw badRequest(`This GSTIN starts with ${gstin.slice(0, 2)}, which is not an Indian state's code.`);
    if (billingState && registeredIn.name !== billingState) {
      throw badRequest(
        `This GSTIN is registered in ${registeredIn.name} (${registeredIn.code}), but the order's billing address is in ${billingState}. Please enter your GSTIN for ${billingState}.`,
      );
    }
    if (!(await saveOrderBuyer(context.db, orderId, { gstin, legalName }))) throw conflict(SHIPPED);
    return c.json({ is_success: true, data: { gstin, legalName, editable: true } });
  });
  mount(app, paymentsOperations.adminOrderInvoicePdf, async (c) => {
    const row = await findDocument(context.db, 'invoices', 'order_id', c.req.valid('param').orderId);
    if (!row) throw notFound('Invoice not found: an order is invoiced when it ships');
    return pdfResponse(row.document);
  });
  // The month's GSTR-1 data for operators (issue 38 item 5): every invoice and credit note of the month, India time.
  mount(app, paymentsOperations.adminGstReturn, async (c) => {
    const { month } = c.req.valid('query');
    const { invoices, creditNotes } = await documentsOfMonth(context.db, month);
    const { hsnByRecipient, documentNumbers, ...sections } = monthReturn(invoices, creditNotes);
    return c.json({ is_success: true, data: { month, ...sections } });
  });
  // The same month as the offline tool's JSON file (decision 0158), for the supplier's GSTIN.
  mount(app, paymentsOperations.adminGstReturnJson, async (c) => {
    const { month } = c.req.valid('query');
    const { invoices, creditNotes } = await documentsOfMonth(context.db, month);
    const gstin = context.settings.SUPPLIER_GSTIN;
    return new Response(JSON.stringify(gstr1Json(monthReturn(invoices, creditNotes), { gstin, month })), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="GSTR1_${gstin}_${month}.json"`,
        'cache-control': 'no-store',
      },
    });
  });
  mount(app, paymentsOperations.adminGstReturnCsv, async (c) => {
    const { month } = c.req.valid('query');
    const { section } = c.req.valid('param');
    const { invoices, creditNotes } = await documentsOfMonth(context.db, month);
    return new Response(gstr1Csv(section, monthReturn(invoices, creditNotes)), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="GSTR1_${section}_${month}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
  mount(app, paymentsOperations.adminInvoicePdf, async (c) => {
    const row = await find(c.req.valid('param').paymentId);
    if (!row) throw notFound('Invoice not found');
    return pdfResponse(row.document);
  });
  return app;
}
