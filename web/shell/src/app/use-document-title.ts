import { BRAND } from '@elts/ui';
import { useEffect } from 'react';

/** The browser tab reads '<page> · <brand>', or just the brand on the home page. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND.name}` : BRAND.name;
  }, [title]);
}
