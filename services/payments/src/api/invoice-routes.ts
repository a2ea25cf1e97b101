import { rupeesOf } from '@elts/contracts';
import { type AppEnv, notFound, pathParams, requireAdmin, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { PaymentsContext } from '../commands/context.js';
import { type InvoiceRecord, invoicePdf } from '../invoices/invoice-document.js';
import type { PaymentsDb } from '../store/tables.js';

const params = z.object({ paymentId: z.string().min(1).max(100) });
const creditNoteParams = z.object({ refundId: z.string().min(1).max(100) });

/** Tax invoices: a member downloads their own, an admin any. */
export function invoiceRoutes(context: PaymentsContext) {
  // Invoices and credit notes are kept alike (a number, the member, the document as issued): one reader for both.
  const documents = context.db as Kysely<any>;
  /** One document by its key (an invoice by payment, a credit note by refund), a member's own only when `memberId` is given. */
  const findIn = (table: 'invoices' | 'credit_notes', key: 'payment_id' | 'refund_id', id: string, memberId?: string) => {
    let query = documents.selectFrom(table).select('document').where(key, '=', id);
    if (memberId) query = query.where('member_id', '=', memberId);
    return query.executeTakeFirst() as Promise<{ document: unknown } | undefined>;
  };
  const find = (paymentId: string, memberId?: string) => findIn('invoices', 'payment_id', paymentId, memberId);
  const findCreditNote = (refundId: string, memberId?: string) => findIn('credit_notes', 'refund_id', refundId, memberId);
  /** A member's latest 50 of one kind of document. */
  const latestOf = <T extends 'invoices' | 'credit_notes'>(table: T, memberId: string) =>
    documents.selectFrom(table).selectAll().where('member_id', '=', memberId).orderBy('issued_at', 'desc').limit(50).execute() as Promise<
      PaymentsDb[T][]
    >;
  const pdfResponse = (document: unknown) => {
    const invoice = (typeof document === 'string' ? JSON.parse(document) : document) as InvoiceRecord;
    const file = invoice.against ? 'credit-note' : 'invoice';
    return new Response(new Uint8Array(invoicePdf(invoice)), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${file}-${invoice.invoiceNumber.replace(/\//g, '-')}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  };
  return (
    new Hono<AppEnv>()
      .get('/api/subscription/invoices', async (c) => {
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
      })
      .get('/api/subscription/invoice/:paymentId', pathParams(params), async (c) => {
        const member = requireMember(c);
        const row = await find(c.req.valid('param').paymentId, member.id);
        if (!row) throw notFound('Invoice not found');
        return pdfResponse(row.document);
      })
      // GST credit notes of refunds of invoiced payments, downloaded like the invoices (docs/decisions/0024).
      .get('/api/subscription/credit-notes', async (c) => {
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
      })
      .get('/api/subscription/credit-note/:refundId', pathParams(creditNoteParams), async (c) => {
        const member = requireMember(c);
        const row = await findCreditNote(c.req.valid('param').refundId, member.id);
        if (!row) throw notFound('Credit note not found');
        return pdfResponse(row.document);
      })
      .get('/admin/invoices/credit-notes/:refundId', pathParams(creditNoteParams), async (c) => {
        requireAdmin(c);
        const row = await findCreditNote(c.req.valid('param').refundId);
        if (!row) throw notFound('Credit note not found');
        return pdfResponse(row.document);
      })
      .get('/admin/invoices/:paymentId', pathParams(params), async (c) => {
        requireAdmin(c);
        const row = await find(c.req.valid('param').paymentId);
        if (!row) throw notFound('Invoice not found');
        return pdfResponse(row.document);
      })
  );
}
