import { useLocation } from '@elts/router';
import { useLayoutEffect, useRef } from 'react';

type Place = Pick<ReturnType<typeof useLocation>, 'pathname' | 'search' | 'hash'>;

/** A change of hash alone (a tab on /privacy) is not a new page and keeps the reader where they are. */
const onlyTheHashChanged = (before: Place, after: Place) =>
  before.pathname === after.pathname && before.search === after.search && before.hash !== after.hash;

/**
 * Every navigation starts at the top of the page (spec section 2), including one that keeps the path and changes
 * only the navigation state (the /elts menu between Merch and the Wall of ELTS): each navigation has its own key.
 */
export function ScrollToTop() {
  const location = useLocation();
  const previous = useRef<Place | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation's key is what triggers it.
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = location;
    // The first page is where the browser put it: a page that arrived rendered may have been scrolled before the
    // app adopted it (docs/decisions/0107), and a reload keeps its place.
    if (!before || onlyTheHashChanged(before, location)) return;
    window.scrollTo(0, 0);
  }, [location.key]);
  return null;
}
