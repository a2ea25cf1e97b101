import { indianMidnightOf } from '@elts/contracts';
import type { Kysely } from 'kysely';
import type { InvoiceRecord } from '../invoices/invoice-document.js';
import type { PaymentsDb } from './tables.js';

const parsed = (document: unknown) => (typeof document === 'string' ? JSON.parse(document) : document) as InvoiceRecord;

/**
 * The tax invoices and credit notes issued in a calendar month, India time (`2026-11`), oldest first; each credit
 * note with the value of the invoice it reduces (GSTR-1 files a credit note where its invoice went).
 */
export async function documentsOfMonth(db: Kysely<PaymentsDb>, month: string) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const from = indianMidnightOf(year, number, 1);
  const to = indianMidnightOf(year, number + 1, 1); // December's end is 1 January: Date.UTC carries the month over.
  const [invoices, notes] = await Promise.all([
    db.selectFrom('invoices').select('document').where('issued_at', '>=', from).where('issued_at', '<', to).orderBy('issued_at').execute(),
    db
      .selectFrom('credit_notes as n')
      .innerJoin('invoices as i', 'i.invoice_number', 'n.invoice_number')
      .select(['n.document', 'i.total_paise'])
      .where('n.issued_at', '>=', from)
      .where('n.issued_at', '<', to)
      .orderBy('n.issued_at')
      .execute(),
  ]);
  return {
    invoices: invoices.map((row) => parsed(row.document)),
    creditNotes: notes.map((row) => ({ ...parsed(row.document), againstValuePaise: Number(row.total_paise) })),
  };
}
