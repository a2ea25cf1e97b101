import { type ReactNode, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
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

/** Whether the box scrolls sideways: measured whenever it or its table changes size. */
function useScrollsSideways() {
  const box = useRef<HTMLElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { box, scrolls };
}

// Two layouts, chosen by the width the table is given (a container query on the wrapper), not the window's:
// - in 42rem or more, a table whose cells wrap their text to fit; what still cannot fit scrolls inside the box, with
//   its header row and first column (the record's id or name) held, and a line above it saying that it scrolls;
// - in less (a phone), each row is a card listing every cell under its column's name, so every action and figure is
//   in view without scrolling sideways.
const NARROW = {
  table: '@max-2xl/table:block',
  head: '@max-2xl/table:sr-only',
  body: '@max-2xl/table:block @max-2xl/table:divide-y-0',
  row: '@max-2xl/table:block @max-2xl/table:py-3 @max-2xl/table:border-b @max-2xl/table:border-ink-100',
  cell: '@max-2xl/table:grid @max-2xl/table:grid-cols-[minmax(6.5rem,35%)_minmax(0,1fr)] @max-2xl/table:items-start @max-2xl/table:gap-3 @max-2xl/table:py-1.5 @max-2xl/table:text-left',
};
/** The held first column: opaque (rows slide under it), with the row's hover tint of its own. */
const HELD_CELL =
  '@2xl/table:sticky @2xl/table:left-0 @2xl/table:z-1 @2xl/table:bg-white @2xl/table:shadow-[inset_-1px_0_0_var(--color-ink-100)] @2xl/table:group-hover:bg-[color-mix(in_srgb,var(--color-brand-50)_40%,white)]';

/** The back office's tables: sortable headers are buttons; a row becomes a card where a table would not fit. */
export function DataTable<Row>({ caption, columns, rows, rowKey, initialSort, empty, sort: outerSort, onSortChange }: DataTableProps<Row>) {
  const [ownSort, setOwnSort] = useState<SortState | undefined>(initialSort);
  const { box, scrolls } = useScrollsSideways();
  const hintId = useId();
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
    <div className="@container/table">
      {scrolls && (
        <p id={hintId} className="mb-2 text-sm text-ink-600">
          This table is wider than the page: scroll it sideways to see every column.
        </p>
      )}
      <section
        ref={box}
        aria-label={caption}
        aria-describedby={scrolls ? hintId : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
        tabIndex={0}
        className="max-h-[min(75dvh,48rem)] overflow-auto rounded-card bg-white shadow-card ring-1 ring-ink-100 @max-2xl/table:max-h-none @max-2xl/table:overflow-visible"
      >
        <table className={cx('w-full border-collapse text-left text-sm [&_code]:whitespace-nowrap', NARROW.table)}>
          <caption className="sr-only">{caption}</caption>
          <thead className={cx('text-xs tracking-wide text-ink-600 uppercase', NARROW.head)}>
            <tr>
              {columns.map((column, index) => {
                const direction = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={column.sortValue ? (direction ?? 'none') : undefined}
                    className={cx(
                      'sticky top-0 z-2 bg-ink-50 px-3 py-3 font-semibold',
                      index === 0 && 'left-0 z-3 shadow-[inset_-1px_0_0_var(--color-ink-100)]',
                      column.align === 'right' && 'text-right',
                    )}
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
          <tbody className={cx('divide-y divide-ink-100', NARROW.body)}>
            {sorted.map((row) => (
              <tr key={rowKey(row)} className={cx('group hover:bg-brand-50/40', NARROW.row)}>
                {columns.map((column, index) => (
                  <td
                    key={column.key}
                    className={cx(
                      'px-3 py-3 align-top text-ink-800',
                      index === 0 && HELD_CELL,
                      column.align === 'right' && 'text-right whitespace-nowrap tabular-nums',
                      NARROW.cell,
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className="hidden text-xs font-semibold tracking-wide text-ink-600 uppercase @max-2xl/table:block"
                    >
                      {column.header}
                    </span>
                    <div className="min-w-0">{column.cell(row)}</div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
