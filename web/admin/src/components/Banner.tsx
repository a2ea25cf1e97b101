import { cx } from '@elts/ui';

/** A success or failure line across the page (the Cron and Timeouts pages' banners). */
export function Banner({ tone, message }: { tone: 'success' | 'error'; message: string }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'mb-6 rounded-xl px-4 py-3 text-sm font-semibold',
        tone === 'success' ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-700/25' : 'bg-red-50 text-red-800 ring-1 ring-red-700/25',
      )}
    >
      {message}
    </p>
  );
}
