import { BRAND } from '../brand.js';
import { cx } from '../cx.js';

/**
 * The brand's social handle as the footers show it, a link to its profile. It opens in a new tab so a half-filled
 * form on the page behind it is not lost; the tab's opening is said to screen readers, as the onboarding links say it.
 */
export function SocialHandleLink({ className }: { className?: string }) {
  return (
    <a
      href={BRAND.socialUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={cx('rounded font-semibold underline underline-offset-4 hover:no-underline', className)}
    >
      {BRAND.socialHandle}
      <span className="sr-only"> on Instagram (opens in a new tab)</span>
    </a>
  );
}
