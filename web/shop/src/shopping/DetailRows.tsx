import { cx } from '@elts/ui';
import type { ReactNode } from 'react';

/**
 * An order's label and value rows (the Order Status page, an exchange request): one under the other on a phone,
 * side by side from a small tablet up; long words wrap rather than widen the page.
 */
export function DetailRows({ rows, className }: { rows: readonly [string, ReactNode][]; className?: string }) {
  return (
    <dl className={cx('grid gap-x-4 sm:grid-cols-[auto_1fr]', className)}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-500">{label}</dt>
          <dd className="min-w-0 font-medium break-words text-ink-950">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
