import type { ReactNode } from 'react';

/**
 * Label and value pairs of a profile card; an unanswered one reads 'Not added yet' rather than disappearing, in a grey
 * that still reads against white (ink-400 fell short of 4.5:1).
 */
export function DetailList({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-bold tracking-wide text-ink-500 uppercase">{label}</dt>
          <dd className="mt-1 break-words text-ink-900">{value || <span className="text-ink-500">Not added yet</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
