export type SortDirection = 'ascending' | 'descending';

export interface SortState<Key extends string = string> {
  key: Key;
  direction: SortDirection;
}

export type SortValue = string | number | Date | null | undefined;

const collator = new Intl.Collator('en-IN', { numeric: true, sensitivity: 'base' });

const isMissing = (value: SortValue): value is null | undefined | '' => value === null || value === undefined || value === '';

function compareValues(a: Exclude<SortValue, null | undefined>, b: Exclude<SortValue, null | undefined>): number {
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A sorted copy of `rows`. Equal rows keep their order; blanks go last in either direction. */
export function sortRows<Row>(rows: readonly Row[], valueFor: (row: Row) => SortValue, direction: SortDirection): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueFor(row) }))
    .sort((x, y) => {
      const xMissing = isMissing(x.value);
      const yMissing = isMissing(y.value);
      if (xMissing || yMissing) return xMissing === yMissing ? x.index - y.index : xMissing ? 1 : -1;
      return sign * compareValues(x.value!, y.value!) || x.index - y.index;
    })
    .map(({ row }) => row);
}

/** Clicking a header: a new column sorts ascending, the same column flips. */
export function nextSort<Key extends string>(current: SortState<Key> | undefined, key: Key): SortState<Key> {
  if (current?.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
