import { Link } from '@elts/router';
import { buttonClasses } from '@elts/ui';
import { ABOUT_LINK, HOME_LINK, POLICIES_LINK } from '../../copy/footer-links.js';
import { PublicPage } from '../../layout/PublicPage.js';

/** Any path outside the route table (the gateway answers it with status 404 and this page). */
export function NotFoundPage() {
  return (
    <PublicPage title="Page not found" footerLinks={[HOME_LINK, ABOUT_LINK, POLICIES_LINK]}>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <p className="font-display text-7xl font-extrabold text-brand-400" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 font-display text-3xl font-extrabold text-ink-950">Page not found</h1>
        <p className="mt-3 text-lg text-ink-700">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
          Go to Home
        </Link>
      </section>
    </PublicPage>
  );
}
