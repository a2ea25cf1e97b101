import type { ReactNode } from 'react';
import { useDocumentTitle } from '../app/use-document-title.js';
import { type FooterLink, SiteFooter } from './SiteFooter.js';
import { SiteHeader } from './SiteHeader.js';

export interface PublicPageProps {
  /** The browser tab's title ('<title> · <brand>'); the home page leaves it out. */
  title?: string;
  footerLinks: readonly FooterLink[];
  loginLabel?: string;
  children: ReactNode;
}

/** Header, the page's content as the main landmark, footer. */
export function PublicPage({ title, footerLinks, loginLabel = 'Already a member? login', children }: PublicPageProps) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter links={footerLinks} loginLabel={loginLabel} />
    </div>
  );
}
