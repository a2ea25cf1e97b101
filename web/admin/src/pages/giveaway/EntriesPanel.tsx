import { API, type DataOf, type OperationTable } from '@elts/contracts';
import { type Column, DataTable, EmptyState, formatDateTime, StatusBadge } from '@elts/ui';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { FilterBar, FilterSelect } from '../../components/FilterBar.js';
import { ListStates } from '../../components/ListStates.js';
import { Pager } from '../../components/Pager.js';

const PAGE_SIZE = 20;

export const RESULT_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'passed', label: 'Passed' },
  { value: 'failed', label: 'Failed' },
] as const;

/** The filter's value as the entries' query takes it (anything else is all of them). */
export const resultFilter = (value: string) => RESULT_OPTIONS.find((option) => option.value === value)?.value ?? 'all';

const COLUMNS: Column<DataOf<OperationTable['giveawayEntries']>[number]>[] = [
  {
    key: 'member',
    header: 'Member',
    cell: (e) => (
      <div>
        <p className="font-semibold text-ink-950">{e.name || '-'}</p>
        <p className="text-xs text-ink-600">No. {e.memberNumber}</p>
      </div>
    ),
  },
  { key: 'email', header: 'Email', cell: (e) => e.email },
  { key: 'enteredAt', header: 'Entered', cell: (e) => formatDateTime(e.enteredAt) },
  {
    key: 'result',
    header: 'Result',
    cell: (e) => <StatusBadge status={e.passed ? 'passed' : 'failed'} tone={e.passed ? 'green' : 'red'} />,
  },
];

/** The entries, in the draw's order (when entered), filtered by result and paged. */
export function EntriesPanel({
  result,
  onResultChange,
  page,
  onPageChange,
}: {
  result: string;
  onResultChange: (result: string) => void;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const list = useAdminOperation(API.giveawayEntries, { query: { result: resultFilter(result), page, limit: PAGE_SIZE } });
  return (
    <section aria-labelledby="entries-title" className="min-w-0">
      <h2 id="entries-title" className="mb-4 text-lg font-bold text-ink-950">
        Entries
      </h2>
      <FilterBar label="Entry filters">
        <FilterSelect label="Result" value={result} options={RESULT_OPTIONS} onChange={onResultChange} />
      </FilterBar>
      <ListStates
        isLoading={list.isLoading}
        error={list.error}
        loading="Loading entries..."
        fallback="Failed to fetch entries"
        onRetry={() => list.refetch()}
      >
        <DataTable
          caption="Giveaway entries"
          columns={COLUMNS}
          rows={list.data?.data ?? []}
          rowKey={(e) => e.memberId}
          empty={<EmptyState title="No entries yet" />}
        />
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          totalPages={list.data?.pagination.totalPages ?? 1}
          totalCount={list.data?.pagination.totalCount ?? 0}
          noun="entries"
          onPageChange={onPageChange}
        />
      </ListStates>
    </section>
  );
}
