import { Button } from '@elts/ui';
import { type ReactNode, useId } from 'react';

/**
 * What every chart card has around its drawing (decision 0152): its title, the line that says what period it covers,
 * and, unless it is empty, the "View as table" toggle.
 */
export function ChartFrame({
  title,
  subtitle,
  table,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  /** Whether the table is shown and how to change it; absent when there is nothing to show either way. */
  table: { shown: boolean; toggle: () => void } | undefined;
  children: ReactNode;
}) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="min-w-0 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={heading} className="font-display text-lg font-bold text-ink-950">
            {title}
          </h3>
          <p className="text-xs text-ink-600">{subtitle}</p>
        </div>
        {table && (
          <Button variant="secondary" size="sm" aria-pressed={table.shown} onClick={table.toggle}>
            {table.shown ? 'View as chart' : 'View as table'}
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}
