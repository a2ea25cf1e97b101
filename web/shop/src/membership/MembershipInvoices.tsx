import { API, paiseOf } from '@elts/contracts';
import { callOperation, formatDate, formatRupees, readMemberSession } from '@elts/ui';
import { useQuery } from '@tanstack/react-query';
import { InvoiceDownload } from '../shopping/InvoiceDownload.js';

/** One GST document in a list: its number, date, amount and download, and for a credit note the invoice it reduces. */
interface TaxDocument {
  number: string;
  issuedAt: string;
  amount: number;
  path: string;
  against?: string;
}

/** A PDF's file name from a document number: EG/2627/000001 is invoice-EG-2627-000001.pdf. */
const fileNameOf = (kind: 'invoice' | 'credit-note', number: string) => `${kind}-${number.replace(/\//g, '-')}.pdf`;

/**
 * The member's GST tax invoices (`GET /api/subscription/invoices`: the membership's, and the orders' once shipped)
 * and credit notes (`GET /api/subscription/credit-notes`: every refund of an invoiced payment), each with its
 * download (issue 38: the API served them and no screen linked them). A list shows only when it has a document.
 */
export function MembershipInvoices() {
  const token = readMemberSession().token;
  const invoices = useQuery({
    queryKey: ['subscription', 'invoices'],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => (await callOperation(API.memberInvoices, {}, { token, signal })).data,
  });
  const creditNotes = useQuery({
    queryKey: ['subscription', 'credit-notes'],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => (await callOperation(API.memberCreditNotes, {}, { token, signal })).data,
  });
  return (
    <>
      <TaxDocuments
        kind="invoice"
        heading="Tax invoices"
        documents={(invoices.data ?? []).map((row) => ({
          number: row.invoice_number,
          issuedAt: row.issued_at,
          amount: row.amount,
          path: row.download_url,
        }))}
      />
      <TaxDocuments
        kind="credit-note"
        heading="Credit notes"
        documents={(creditNotes.data ?? []).map((row) => ({
          number: row.credit_note_number,
          issuedAt: row.issued_at,
          amount: row.amount,
          path: row.download_url,
          against: row.invoice_number,
        }))}
      />
    </>
  );
}

function TaxDocuments({ kind, heading, documents }: { kind: 'invoice' | 'credit-note'; heading: string; documents: TaxDocument[] }) {
  if (documents.length === 0) return null;
  const headingId = `${kind}s-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="font-bold text-ink-950">
        {heading}
      </h3>
      <ul className="mt-2 divide-y divide-ink-100">
        {documents.map((entry) => (
          <li key={entry.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-sm text-ink-700">
              <span className="font-semibold text-ink-950">{entry.number}</span> · {formatDate(entry.issuedAt)} ·{' '}
              {formatRupees(paiseOf(entry.amount))}
              {entry.against && <> · against {entry.against}</>}
            </span>
            <InvoiceDownload path={entry.path} fileName={fileNameOf(kind, entry.number)} label={`Download ${entry.number}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
