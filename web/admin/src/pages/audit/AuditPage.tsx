import { API, AUDIT_ACTIONS, auditActionWords, type DataOf } from '@elts/contracts';
import { Link } from '@elts/router';
import { type Column, DataTable, EmptyState, formatDateTime } from '@elts/ui';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { DateRange, FilterBar, FilterSelect } from '../../components/FilterBar.js';
import { ListStates } from '../../components/ListStates.js';
import { PageHeader } from '../../components/PageHeader.js';
import { Pager } from '../../components/Pager.js';
import { useFilters } from '../../components/use-filters.js';
import { changesOf, recordLink } from './audit-words.js';

const PAGE_SIZE = 20;
type Entry = DataOf<typeof API.adminAudit>[number];

const ACTION_OPTIONS = [
  { value: '', label: 'All' },
  ...Object.entries(AUDIT_ACTIONS)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en-IN')),
];

function Changes({ entry }: { entry: Entry }) {
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-ink-500">-</span>;
  return (
    <dl className="grid gap-1 text-xs">
      {changes.map((change) => (
        <div key={change.field} className="[overflow-wrap:anywhere]">
          <dt className="inline font-semibold text-ink-800">{change.field}: </dt>
          <dd className="inline text-ink-700">
            {entry.before === null ? (
              change.after
            ) : (
              <>
                <span className="text-ink-600 line-through">{change.before}</span> → {change.after}
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const COLUMNS: Column<Entry>[] = [
  { key: 'at', header: 'When (IST)', cell: (e) => <span className="whitespace-nowrap">{formatDateTime(e.at)}</span> },
  {
    key: 'operator',
    header: 'Operator',
    cell: (e) => <span className="font-medium text-ink-900">{e.operator ?? `Operator ${e.actor.replace(/^admin:/, '').slice(0, 8)}`}</span>,
  },
  { key: 'action', header: 'Action', cell: (e) => auditActionWords(e.action) },
  {
    key: 'record',
    header: 'Record',
    cell: (e) => {
      const link = recordLink(e.action, e.target);
      return link ? (
        <Link to={link.href} className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {link.label}
        </Link>
      ) : (
        <span className="break-all">{e.target}</span>
      );
    },
  },
  { key: 'changes', header: 'What changed', cell: (e) => <Changes entry={e} /> },
];

/** `/admin/audit`: every operator's write, newest first: who, what, on which record, when, and what changed. */
export function AuditPage() {
  const { filters, setFilter, page, setPage } = useFilters({ operator: '', action: '', startDate: '', endDate: '' });
  const list = useAdminOperation(API.adminAudit, { query: { ...filters, page, limit: PAGE_SIZE } });
  const operators = list.data?.operators ?? [];
  return (
    <>
      <PageHeader title="Audit trail" />
      <FilterBar label="Audit filters">
        <FilterSelect
          label="Operator"
          value={filters.operator}
          options={[{ value: '', label: 'All' }, ...operators.map((admin) => ({ value: admin.id, label: admin.username }))]}
          onChange={(value) => setFilter('operator', value)}
        />
        <FilterSelect label="Action" value={filters.action} options={ACTION_OPTIONS} onChange={(value) => setFilter('action', value)} />
        <DateRange start={filters.startDate} end={filters.endDate} onChange={setFilter} />
      </FilterBar>
      <ListStates
        isLoading={list.isLoading}
        error={list.error}
        loading="Loading entries..."
        fallback="Failed to fetch audit log"
        onRetry={() => list.refetch()}
      >
        <DataTable
          caption="Audit log"
          columns={COLUMNS}
          rows={list.data?.data ?? []}
          rowKey={(e) => String(e.id)}
          empty={<EmptyState title="No operator actions match these filters" />}
        />
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          totalPages={list.data?.pagination.totalPages ?? 1}
          totalCount={list.data?.pagination.totalCount ?? 0}
          noun="entries"
          onPageChange={setPage}
        />
      </ListStates>
    </>
  );
}
