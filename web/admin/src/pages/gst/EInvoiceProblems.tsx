import { API } from '@elts/contracts';
import { Button, Card, type Column, DataTable, formatDateTime } from '@elts/ui';
import { adminOperation } from '../../api/admin-request.js';
import { useAdminAction } from '../../api/use-admin-action.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ListStates } from '../../components/ListStates.js';
import { documentKind, type EInvoiceRegistration, eInvoiceState } from './gst-words.js';

const TITLE = 'E-Invoice Registrations Needing Attention';

/**
 * The invoices and credit notes whose registration with the Invoice Registration Portal failed or is late
 * (docs/decisions/0165), with the IRP's last error and a retry: the registrar keeps trying by itself, and Retry Now
 * only brings its next attempt forward, so pressing it twice does no harm.
 */
export function EInvoiceProblemsSection() {
  const answer = useAdminOperation(API.adminEInvoiceProblems, {}, { refetchInterval: 30_000 });
  const { busy, run } = useAdminAction();
  const retry = (registration: EInvoiceRegistration) =>
    run(
      registration.documentNumber,
      () => adminOperation(API.adminEInvoiceRetry, { body: { documentNumber: registration.documentNumber } }),
      `Failed to retry ${registration.documentNumber}`,
    );
  const columns: Column<EInvoiceRegistration>[] = [
    { key: 'number', header: 'Document', cell: (row) => <span className="whitespace-nowrap font-semibold">{row.documentNumber}</span> },
    { key: 'kind', header: 'Kind', cell: documentKind },
    { key: 'order', header: 'Order', cell: (row) => <span className="[overflow-wrap:anywhere]">{row.orderId}</span> },
    { key: 'state', header: 'State', cell: eInvoiceState },
    { key: 'error', header: 'Last Error', cell: (row) => <span className="[overflow-wrap:anywhere]">{row.lastError ?? '-'}</span> },
    { key: 'queued', header: 'Queued (IST)', cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.queuedAt)}</span> },
    {
      key: 'next',
      header: 'Next Try (IST)',
      cell: (row) => <span className="whitespace-nowrap">{row.nextAttemptAt ? formatDateTime(row.nextAttemptAt) : '-'}</span>,
    },
    {
      key: 'retry',
      header: 'Retry',
      cell: (row) => (
        <Button size="sm" variant="secondary" busy={busy === row.documentNumber} onClick={() => void retry(row)}>
          Retry Now
        </Button>
      ),
    },
  ];
  const data = answer.data?.data;
  return (
    <Card as="section" aria-label={TITLE} className="mt-6">
      <h2 className="mb-1 text-lg font-bold text-ink-950">{TITLE}</h2>
      <ListStates
        isLoading={answer.isLoading}
        error={answer.error}
        loading="Loading e-invoice registrations..."
        fallback="Failed to fetch e-invoice registrations"
        onRetry={() => answer.refetch()}
      >
        {data && (
          <>
            <p className="mb-3 text-sm text-ink-600">
              {data.enabled
                ? `B2B invoices and their credit notes whose IRN registration failed, or is pending more than ${data.lateMinutes} minutes. Each is retried by itself, waiting longer after each failure.`
                : 'E-invoicing is off (E_INVOICING): no invoice is registered with the Invoice Registration Portal.'}
            </p>
            {data.registrations.length === 0 ? (
              <p className="text-sm text-ink-600">Every registration is done or on time.</p>
            ) : (
              <DataTable caption={TITLE} columns={columns} rows={data.registrations} rowKey={(row) => row.documentNumber} />
            )}
          </>
        )}
      </ListStates>
    </Card>
  );
}
