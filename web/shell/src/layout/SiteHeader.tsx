import { NavLink } from '@elts/router';
import { Button, cx } from '@elts/ui';
import { useSignIn } from '../session/SignIn.js';
import { HomeLogoLink } from './HomeLogoLink.js';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx('rounded-full px-3 py-2 text-sm font-semibold transition-colors hover:bg-white/10', isActive ? 'text-marigold-300' : 'text-white/85');

/** The public pages' bar: logo home, About Us and Policies on wider screens, and the login button. */
export function SiteHeader() {
  const signIn = useSignIn();
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-brand-950 text-white">
      <a
        href="#main"
        className="sr-only rounded-full bg-white px-4 py-2 font-semibold text-brand-900 focus:not-sr-only focus:absolute focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 lg:px-8">
        <HomeLogoLink />
        <nav aria-label="Main" className="flex items-center gap-1">
          <NavLink to="/about" className={(state) => cx(navLinkClass(state), 'hidden md:inline-flex')}>
            About Us
          </NavLink>
          <NavLink to="/privacy" className={(state) => cx(navLinkClass(state), 'hidden md:inline-flex')}>
            Policies
          </NavLink>
          <Button variant="accent" size="sm" onClick={signIn} className="ml-2">
            Login
          </Button>
        </nav>
      </div>
    </header>
  );
}
