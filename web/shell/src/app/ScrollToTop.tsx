import { useLocation } from '@elts/router';
import { useLayoutEffect } from 'react';

/**
 * Every navigation starts at the top of the page (spec section 2). A change of hash alone (a tab on /privacy) is not
 * a new page and keeps the reader where they are.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path and query are what trigger it, not inputs.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
