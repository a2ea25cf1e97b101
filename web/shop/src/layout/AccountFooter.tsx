import { Link } from '@elts/router';
import { BRAND, SocialHandleLink } from '@elts/ui';
import { useLogout } from './use-logout.js';

const LINK = 'cursor-pointer rounded hover:text-brand-700 hover:underline underline-offset-4';

/** The account page's footer: Home, About Us, FAQs (the policy page's FAQ tab), Logout, the social handle. */
export function AccountFooter() {
  const { logout, loggingOut } = useLogout();
  return (
    <footer className="border-t border-ink-100 bg-white py-8 text-sm text-ink-600">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 font-semibold text-ink-800">
            <li>
              <Link to="/" className={LINK}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/about" className={LINK}>
                About Us
              </Link>
            </li>
            <li>
              <Link to="/privacy#faqs" className={LINK}>
                FAQs
              </Link>
            </li>
            <li>
              <button type="button" className={LINK} disabled={loggingOut} onClick={() => void logout()}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
        <p>
          Follow us <SocialHandleLink className="text-brand-700" />
        </p>
        <p>{BRAND.copyright}</p>
      </div>
    </footer>
  );
}
