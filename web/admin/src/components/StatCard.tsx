import { cx } from '@elts/ui';
import type { ReactNode } from 'react';

export type StatTone = 'neutral' | 'success' | 'warning' | 'error';

const TONES: Record<StatTone, string> = {
  neutral: 'text-ink-950',
  success: 'text-emerald-700',
  warning: 'text-amber-700',
  error: 'text-red-700',
};

/** One figure with its label; the label names the figure for screen readers and for tests (a group per card). */
export function StatCard({ label, value, tone = 'neutral', note }: { label: string; value: ReactNode; tone?: StatTone; note?: ReactNode }) {
  return (
    <section aria-label={label} data-tone={tone} className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
      <h2 className="text-sm font-semibold text-ink-600">{label}</h2>
      <p className={cx('mt-2 font-display text-2xl font-extrabold tabular-nums', TONES[tone])}>{value}</p>
      {note && <p className="mt-1 text-xs text-ink-600">{note}</p>}
    </section>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">{children}</div>;
}
