import { API, type OperationTable } from '@elts/contracts';
import { type Column, formatDateTime } from '@elts/ui';
import { type PagedRow, PagedTablePage } from '../../components/PagedTable.js';

const summary = (value: unknown) => {
  if (value === null || value === undefined) return '-';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}...` : text;
};

const COLUMNS: Column<PagedRow<OperationTable['adminAudit']>>[] = [
  { key: 'at', header: 'Time', cell: (e) => formatDateTime(e.at) },
  { key: 'actor', header: 'Actor', cell: (e) => e.actor },
  { key: 'action', header: 'Action', cell: (e) => <code className="text-xs">{e.action}</code> },
  { key: 'target', header: 'Target', cell: (e) => e.target },
  { key: 'before', header: 'Before', cell: (e) => <span className="text-xs text-ink-600">{summary(e.before)}</span> },
  { key: 'after', header: 'After', cell: (e) => <span className="text-xs text-ink-600">{summary(e.after)}</span> },
];

/** `/admin/audit`: every admin write, newest first. */
export function AuditPage() {
  return (
    <PagedTablePage
      title="Audit trail"
      operation={API.adminAudit}
      noun="entries"
      caption="Audit log"
      columns={COLUMNS}
      rowKey={(e) => String(e.id)}
      empty="No admin actions yet"
      fallback="Failed to fetch audit log"
    />
  );
}
