import { API, paiseOf } from '@elts/contracts';
import { callOperation, formatDate, formatRupees, readMemberSession } from '@elts/ui';
import { useQuery } from '@tanstack/react-query';
import { InvoiceDownload } from '../shopping/InvoiceDownload.js';

/**
 * The member's GST tax invoices (`GET /api/subscription/invoices`: the membership's, and the orders' once shipped),
 * each with its download (issue 38: the API served them and no screen linked them). Nothing while none exist.
 */
export function MembershipInvoices() {
  const token = readMemberSession().token;
  const invoices = useQuery({
    queryKey: ['subscription', 'invoices'],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => (await callOperation(API.memberInvoices, {}, { token, signal })).data,
  });
  const rows = invoices.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="invoices-heading" className="mt-6">
      <h3 id="invoices-heading" className="font-bold text-ink-950">
        Tax invoices
      </h3>
      <ul className="mt-2 divide-y divide-ink-100">
        {rows.map((invoice) => (
          <li key={invoice.invoice_number} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-sm text-ink-700">
              <span className="font-semibold text-ink-950">{invoice.invoice_number}</span> · {formatDate(invoice.issued_at)} ·{' '}
              {formatRupees(paiseOf(invoice.amount))}
            </span>
            <InvoiceDownload
              path={invoice.download_url}
              fileName={`invoice-${invoice.invoice_number.replace(/\//g, '-')}.pdf`}
              label={`Download ${invoice.invoice_number}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
