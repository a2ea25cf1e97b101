import { Link } from '@elts/router';
import { cx } from '@elts/ui';
import type { EltsView } from './elts-view.js';

const ITEM = 'rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors';

/** The /elts menu of the spec: Home, Merch, Wall of ELTS, About Us. */
export function EltsMenu({ view }: { view: EltsView }) {
  const item = (active: boolean) => cx(ITEM, active ? 'bg-brand-700 text-white' : 'text-ink-700 hover:bg-brand-50 hover:text-brand-800');
  return (
    <nav aria-label="Wall of ELTS menu" className="border-b border-ink-100 bg-white">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-3 lg:px-8">
        <li>
          <Link to="/" className={item(false)}>
            Home
          </Link>
        </li>
        <li>
          <Link to="/elts" state={{ merch: true }} aria-current={view === 'merch' ? 'page' : undefined} className={item(view === 'merch')}>
            Merch
          </Link>
        </li>
        <li>
          <Link to="/elts" state={{ elts: true }} aria-current={view === 'wall' ? 'page' : undefined} className={item(view === 'wall')}>
            Wall of ELTS
          </Link>
        </li>
        <li>
          <Link to="/about" className={item(false)}>
            About Us
          </Link>
        </li>
      </ul>
    </nav>
  );
}
