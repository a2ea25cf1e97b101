import { ADMIN_PAGES, API } from '@elts/contracts';
import { NavLink, useNavigate } from '@elts/router';
import { BrandLogo, callOperation, cx, readAdminToken } from '@elts/ui';
import type { ReactNode } from 'react';
import { clearAdminToken } from '../session/admin-token.js';

/**
 * The back office's frame: the sidebar of sections beside the page on a laptop; on a phone, the sections above it,
 * wrapping onto as many rows as they need so that every one is in sight (a bar scrolling sideways hid half of them).
 * The page's column may shrink below its content's widest line (minmax(0, 1fr), min-w-0): a table then fits its
 * box or scrolls inside it instead of stretching the page past the window.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const logout = () => {
    const token = readAdminToken();
    clearAdminToken();
    // Ending the server session too is a courtesy: the token is gone from the tab whatever the answer.
    if (token) callOperation(API.adminLogout, {}, { token }).catch(() => undefined);
    navigate('/admin/login', { replace: true });
  };
  return (
    <div className="min-h-dvh bg-ink-50 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)]">
      <aside className="bg-brand-950 text-white lg:min-h-dvh">
        <div className="flex h-16 items-center px-5">
          <BrandLogo />
          <span className="ml-2 rounded bg-white/10 px-1.5 py-0.5 text-xs font-semibold text-marigold-300">Admin</span>
        </div>
        <nav aria-label="Back office">
          <ul className="flex flex-wrap gap-1 px-3 pb-3 lg:flex-col">
            {ADMIN_PAGES.map((page) => (
              <li key={page.path}>
                <NavLink
                  to={page.path}
                  className={({ isActive }) =>
                    cx(
                      'block rounded-xl px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
                      isActive ? 'bg-white text-brand-900' : 'text-white/80 hover:bg-white/10 hover:text-white',
                    )
                  }
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="px-3 pb-4">
          <button
            type="button"
            onClick={logout}
            className="w-full cursor-pointer rounded-xl px-3 py-2 text-left text-sm font-semibold text-white/80 hover:bg-white/10 hover:text-white"
          >
            Logout
          </button>
        </div>
      </aside>
      <main id="main" className="min-w-0 px-4 py-8 lg:px-8 lg:py-12">
        {children}
      </main>
    </div>
  );
}
