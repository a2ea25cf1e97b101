import { cx } from '../cx.js';

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
  className?: string;
}

export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cx('h-2.5 w-full overflow-hidden rounded-full bg-ink-100', className)}
    >
      <div
        className="h-full rounded-full bg-gradient-to-r from-brand-600 to-marigold-400 transition-[width]"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
