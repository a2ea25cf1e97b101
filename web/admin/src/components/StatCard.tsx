import { cx } from '@elts/ui';
import type { ReactNode } from 'react';

export type StatTone = 'neutral' | 'success' | 'warning' | 'error';

const TONES: Record<StatTone, string> = {
  neutral: 'text-ink-950',
  success: 'text-emerald-700',
  warning: 'text-amber-700',
  error: 'text-red-700',
};

/**
 * One figure with its label; the label names the figure for screen readers and for tests (a group per card). A long
 * figure (a date and time, a crore of rupees) wraps inside a narrow card rather than widening its grid.
 */
export function StatCard({ label, value, tone = 'neutral', note }: { label: string; value: ReactNode; tone?: StatTone; note?: ReactNode }) {
  return (
    <section aria-label={label} data-tone={tone} className="min-w-0 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
      <h2 className="text-sm font-semibold text-ink-600">{label}</h2>
      <p className={cx('mt-2 font-display text-2xl font-extrabold tabular-nums [overflow-wrap:anywhere]', TONES[tone])}>{value}</p>
      {note && <p className="mt-1 text-xs text-ink-600">{note}</p>}
    </section>
  );
}

/** The cards, as many to a row as fit at 9rem or more each: two on a phone, more as the page widens, then wrapping. */
export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-4">{children}</div>;
}
