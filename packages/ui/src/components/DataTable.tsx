import { type ReactNode, useMemo, useState } from 'react';
import { cx } from '../cx.js';
import { SortIcon } from '../icons/icons.js';
import { nextSort, type SortState, type SortValue, sortRows } from '../table/sort-rows.js';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => SortValue;
  align?: 'left' | 'right';
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers (and the scrolling region around it). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  initialSort?: SortState;
  /** Shown instead of the rows when there are none. */
  empty?: ReactNode;
  /**
   * Sorting done elsewhere (a server sorting across pages): the headers show `sort` and report clicks to
   * `onSortChange`, and the rows are shown in the order given.
   */
  sort?: SortState | undefined;
  onSortChange?: (sort: SortState) => void;
}

/** A table whose sortable headers are buttons; it scrolls sideways on a phone rather than squashing its columns. */
export function DataTable<Row>({ caption, columns, rows, rowKey, initialSort, empty, sort: outerSort, onSortChange }: DataTableProps<Row>) {
  const [ownSort, setOwnSort] = useState<SortState | undefined>(initialSort);
  const sort = onSortChange ? outerSort : ownSort;
  const changeSort = (key: string) =>
    onSortChange ? onSortChange(nextSort(outerSort, key)) : setOwnSort((current) => nextSort(current, key));
  const sorted = useMemo(() => {
    if (onSortChange) return [...rows];
    const column = sort && columns.find((c) => c.key === sort.key);
    return column?.sortValue && sort ? sortRows(rows, column.sortValue, sort.direction) : [...rows];
  }, [rows, columns, sort, onSortChange]);

  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-card bg-white shadow-card ring-1 ring-ink-100">
      <table className="w-full min-w-max border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-50 text-xs tracking-wide text-ink-600 uppercase">
          <tr>
            {columns.map((column) => {
              const direction = sort?.key === column.key ? sort.direction : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sortValue ? (direction ?? 'none') : undefined}
                  className={cx('px-4 py-3 font-semibold', column.align === 'right' && 'text-right')}
                >
                  {column.sortValue ? (
                    <button
                      type="button"
                      onClick={() => changeSort(column.key)}
                      className="inline-flex cursor-pointer items-center gap-1 uppercase hover:text-ink-900"
                    >
                      {column.header}
                      <SortIcon direction={direction} className="text-base" />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {sorted.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-brand-50/40">
              {columns.map((column) => (
                <td key={column.key} className={cx('px-4 py-3 text-ink-800', column.align === 'right' && 'text-right tabular-nums')}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
