import { BrandLogo } from '@elts/ui';
import { useState } from 'react';
import { AccountMenuLinks } from './AccountMenuLinks.js';
import { useAccountMenu } from './account-menu.js';
import { MenuDrawer } from './MenuDrawer.js';

const MenuIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    aria-hidden="true"
  >
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);

/** The account page's header: the logo, and the section menu (a bar from 991 px up, a drawer below). */
export function AccountHeader() {
  const { sections, current } = useAccountMenu();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-ink-100 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 lg:px-8">
        <a href="/" className="rounded-lg text-ink-950">
          <BrandLogo />
          <span className="sr-only"> home</span>
        </a>
        <nav aria-label="Account" className="hidden lg:block">
          <AccountMenuLinks sections={sections} current={current} layout="bar" />
        </nav>
        <button
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          className="grid size-11 cursor-pointer place-items-center rounded-full text-2xl text-ink-800 hover:bg-ink-100 lg:hidden"
        >
          <MenuIcon />
        </button>
      </div>
      <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <AccountMenuLinks sections={sections} current={current} layout="drawer" onNavigate={() => setDrawerOpen(false)} />
      </MenuDrawer>
    </header>
  );
}
