import { type AppEnv, notFound, pathParams, requireAdmin, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import type { PaymentsContext } from '../commands/context.js';
import { rupeeAmount } from '../domain/money.js';
import { type InvoiceRecord, invoicePdf } from '../invoices/invoice-document.js';

const params = z.object({ paymentId: z.string().min(1).max(100) });

/** Tax invoices: a member downloads their own, an admin any. */
export function invoiceRoutes(context: PaymentsContext) {
  const find = (paymentId: string, memberId?: string) => {
    let query = context.db.selectFrom('invoices').selectAll().where('payment_id', '=', paymentId);
    if (memberId) query = query.where('member_id', '=', memberId);
    return query.executeTakeFirst();
  };
  const pdfResponse = (document: unknown) => {
    const invoice = document as InvoiceRecord;
    return new Response(new Uint8Array(invoicePdf(invoice)), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="invoice-${invoice.invoiceNumber.replace(/\//g, '-')}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  };
  return new Hono<AppEnv>()
    .get('/api/subscription/invoices', async (c) => {
      const member = requireMember(c);
      const rows = await context.db
        .selectFrom('invoices')
        .selectAll()
        .where('member_id', '=', member.id)
        .orderBy('issued_at', 'desc')
        .limit(50)
        .execute();
      return c.json({
        is_success: true,
        data: rows.map((row) => ({
          invoice_number: row.invoice_number,
          payment_id: row.payment_id,
          issued_at: row.issued_at.toISOString(),
          amount: rupeeAmount(Number(row.total_paise)),
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
    .get('/admin/invoices/:paymentId', pathParams(params), async (c) => {
      requireAdmin(c);
      const row = await find(c.req.valid('param').paymentId);
      if (!row) throw notFound('Invoice not found');
      return pdfResponse(row.document);
    });
}
