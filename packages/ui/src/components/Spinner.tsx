import { cx } from '../cx.js';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Read out to screen readers; pass '' when the surrounding text already says what is happening. */
  label?: string;
  className?: string;
}

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-[3px]', lg: 'size-10 border-4' };

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  const wheel = (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_2s_linear_infinite]',
        SIZES[size],
        className,
      )}
    />
  );
  if (!label) return wheel;
  return (
    <span role="status" className="inline-flex">
      {wheel}
      <span className="sr-only">{label}</span>
    </span>
  );
}
