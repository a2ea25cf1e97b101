import { BRAND } from '@elts/ui';
import { createContext, useContext, useEffect } from 'react';

const fullTitle = (title: string | undefined) => (title ? `${title} · ${BRAND.name}` : BRAND.name);

/**
 * Where a page rendered at build time (web/shell/src/prerender) reports its title: effects do not run there, and the
 * page's HTML should carry its own title in its head.
 */
export const DocumentTitleSink = createContext<((title: string) => void) | undefined>(undefined);

/** The browser tab reads '<page> · <brand>', or just the brand on the home page. */
export function useDocumentTitle(title: string | undefined): void {
  useContext(DocumentTitleSink)?.(fullTitle(title));
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
