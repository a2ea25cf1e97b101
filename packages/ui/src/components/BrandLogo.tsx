import { BRAND } from '../brand.js';
import { cx } from '../cx.js';

/** The brand mark (a marigold peak on indigo, the product's own drawing) and the brand name beside it. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5 font-display text-lg font-extrabold tracking-tight', className)}>
      <svg viewBox="0 0 64 64" className="size-9 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="16" fill="#2f1d78" />
        <path d="M14 46 32 14l18 32H38.5L32 33.5 25.5 46z" fill="#ffad24" />
        <circle cx="32" cy="49" r="3.5" fill="#fff8eb" />
      </svg>
      {BRAND.name}
    </span>
  );
}
