import { cx } from '@elts/ui';
import type { ReactNode } from 'react';

/** Label and value rows; a missing value reads N/A so every row the spec lists is there. */
export function FactList({ rows, className }: { rows: Array<[string, ReactNode]>; className?: string }) {
  return (
    <dl className={cx('grid grid-cols-[auto_1fr] gap-x-6 gap-y-2', className)}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-ink-600">{label}</dt>
          <dd className="break-all text-ink-950">{value ?? 'N/A'}</dd>
        </div>
      ))}
    </dl>
  );
}
