import { useLocation } from '@elts/router';
import { BRAND, BrandLogo, InfoIcon } from '@elts/ui';
import type { ReactNode } from 'react';
import { AccountFooter } from './AccountFooter.js';
import { AccountHeader } from './AccountHeader.js';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * The member screens' frame: the account page's own header and footer on /profile, the onboarding frame elsewhere.
 */
export function MemberFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (pathname === '/profile') return <AccountFrame>{children}</AccountFrame>;
  return <OnboardingFrame>{children}</OnboardingFrame>;
}

/**
 * The main area is at least a screen tall, so the footer starts below the fold: the sections fill in as their data
 * arrives, and a footer in view would jump down each time (layout shift).
 */
function AccountFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <AccountHeader />
      <main id="main" className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-8 lg:px-8 lg:py-12">
        {children}
      </main>
      <AccountFooter />
    </div>
  );
}

/**
 * The onboarding steps' frame. Onboarding links (Home, About Us, the info icon) open in a new tab so a half-filled
 * step is never lost (spec section 2).
 */
function OnboardingFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <header className="border-b border-ink-100 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 lg:px-8">
          <a href="/" className="rounded-lg text-ink-950">
            <BrandLogo />
            <span className="sr-only"> home</span>
          </a>
          <a
            href="/about"
            {...NEW_TAB}
            title="Click here to learn more about us.."
            className="grid size-10 place-items-center rounded-full text-xl text-brand-700 hover:bg-brand-50"
          >
            <InfoIcon />
            <span className="sr-only">About us (opens in a new tab)</span>
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 lg:py-16">
        {children}
      </main>
      <footer className="border-t border-ink-100 bg-white py-6 text-sm text-ink-600">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 lg:px-8">
          <nav aria-label="Footer" className="flex gap-5 font-semibold">
            <a href="/" {...NEW_TAB} className="hover:text-brand-700">
              Home
            </a>
            <a href="/about" {...NEW_TAB} className="hover:text-brand-700">
              About Us
            </a>
          </nav>
          <p>{BRAND.copyright}</p>
        </div>
      </footer>
    </div>
  );
}
