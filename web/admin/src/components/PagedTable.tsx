import type { DataOf, OperationRoute, OperationTable } from '@elts/contracts';
import { type Column, DataTable, EmptyState } from '@elts/ui';
import { useState } from 'react';
import { useAdminOperation } from '../api/use-admin-query.js';
import { ListStates } from './ListStates.js';
import { PageHeader } from './PageHeader.js';
import { Pager } from './Pager.js';

const PAGE_SIZE = 20;

/** The operations that answer one paged list as `data` and `pagination`, with no filters. */
type PagedOperation = OperationTable['adminMessages'];
/** A row of a paged operation's list. */
export type PagedRow<O extends PagedOperation> = DataOf<O> extends readonly (infer Row)[] ? Row : never;

/** A page that is one paged list of an admin operation answering `data` and `pagination` (Messages). */
export function PagedTablePage<O extends PagedOperation>({
  title,
  operation,
  noun,
  caption,
  columns,
  rowKey,
  empty,
  fallback,
}: {
  title: string;
  operation: OperationRoute<O>;
  noun: string;
  caption: string;
  columns: readonly Column<PagedRow<O>>[];
  rowKey: (row: PagedRow<O>) => string;
  empty: string;
  fallback: string;
}) {
  const [page, setPage] = useState(1);
  const list = useAdminOperation<PagedOperation>(operation, { query: { page, limit: PAGE_SIZE } });
  const rows = (list.data?.data ?? []) as PagedRow<O>[];
  return (
    <>
      <PageHeader title={title} />
      <ListStates
        isLoading={list.isLoading}
        error={list.error}
        loading={`Loading ${noun}...`}
        fallback={fallback}
        onRetry={() => list.refetch()}
      >
        <DataTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} empty={<EmptyState title={empty} />} />
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          totalPages={list.data?.pagination.totalPages ?? 1}
          totalCount={list.data?.pagination.totalCount ?? 0}
          noun={noun}
          onPageChange={setPage}
        />
      </ListStates>
    </>
  );
}
