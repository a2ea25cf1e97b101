import { type Column, DataTable, EmptyState } from '@elts/ui';
import { useState } from 'react';
import { queryString } from '../api/query-string.js';
import { useAdminQuery } from '../api/use-admin-query.js';
import { ListStates } from './ListStates.js';
import { PageHeader } from './PageHeader.js';
import { Pager } from './Pager.js';

const PAGE_SIZE = 20;

/** A page that is one paged list of an admin endpoint answering `data` and `pagination` (Audit, Messages). */
export function PagedTablePage<Row>({
  title,
  path,
  noun,
  caption,
  columns,
  rowKey,
  empty,
  fallback,
}: {
  title: string;
  path: string;
  noun: string;
  caption: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  empty: string;
  fallback: string;
}) {
  const [page, setPage] = useState(1);
  const list = useAdminQuery<{ data: Row[]; pagination: { totalPages: number; totalCount: number } }>(
    `${path}${queryString({ page, limit: PAGE_SIZE })}`,
  );
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
        <DataTable caption={caption} columns={columns} rows={list.data?.data ?? []} rowKey={rowKey} empty={<EmptyState title={empty} />} />
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
