import { cx } from '../cx.js';
import { type StatusTone, statusTone } from '../status/status-tone.js';

const TONES: Record<StatusTone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-700/25',
  amber: 'bg-amber-50 text-amber-900 ring-amber-700/25',
  red: 'bg-red-50 text-red-800 ring-red-700/25',
  orange: 'bg-orange-50 text-orange-900 ring-orange-700/25',
  grey: 'bg-ink-100 text-ink-700 ring-ink-500/25',
};

export interface StatusBadgeProps {
  status: string | null | undefined;
  /** What to show instead of the status word, e.g. 'Auto Timeout'. */
  label?: string;
  /** A colour other than the shared mapping's, where a screen's own statuses are coloured differently. */
  tone?: StatusTone;
  className?: string;
}

/** A status in the spec's colours: success, completed, active green; pending, processing amber; and so on. */
export function StatusBadge({ status, label, tone: toneOverride, className }: StatusBadgeProps) {
  const tone = toneOverride ?? statusTone(status);
  const text = label ?? (status ? status.charAt(0).toUpperCase() + status.slice(1).toLowerCase() : 'Unknown');
  return (
    <span
      data-tone={tone}
      className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', TONES[tone], className)}
    >
      {text}
    </span>
  );
}
