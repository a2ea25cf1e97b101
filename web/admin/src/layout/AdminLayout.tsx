import { API } from '@elts/contracts';
import { NavLink, useNavigate } from '@elts/router';
import { BrandLogo, callOperation, cx, readAdminToken } from '@elts/ui';
import type { ReactNode } from 'react';
import { ADMIN_SECTIONS } from '../screens/admin-sections.js';
import { clearAdminToken } from '../session/admin-token.js';

/**
 * The back office's frame: the sidebar of sections (a scrolling bar on a phone) beside the page. The page's column
 * may shrink below its content's widest line (minmax(0, 1fr), min-w-0): a wide table then scrolls inside its own box
 * instead of stretching the page past the window.
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
    <div className="min-h-dvh bg-ink-50 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="bg-brand-950 text-white lg:min-h-dvh">
        <div className="flex h-16 items-center px-5">
          <BrandLogo />
          <span className="ml-2 rounded bg-white/10 px-1.5 py-0.5 text-xs font-semibold text-marigold-300">Admin</span>
        </div>
        <nav aria-label="Back office">
          <ul className="flex gap-1 overflow-x-auto px-3 pb-3 lg:flex-col lg:overflow-visible">
            {ADMIN_SECTIONS.map((section) => (
              <li key={section.path}>
                <NavLink
                  to={section.path}
                  className={({ isActive }) =>
                    cx(
                      'block rounded-xl px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
                      isActive ? 'bg-white text-brand-900' : 'text-white/80 hover:bg-white/10 hover:text-white',
                    )
                  }
                >
                  {section.label}
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
      <main id="main" className="min-w-0 px-4 py-8 lg:px-10 lg:py-12">
        {children}
      </main>
    </div>
  );
}
