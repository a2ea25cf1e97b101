import { Link } from '@elts/router';
import { cx } from '@elts/ui';
import { PROFILE_SECTIONS, type ProfileSection, sectionHref } from '../screens/profile-sections.js';

export interface AccountMenuLinksProps {
  sections: readonly ProfileSection[];
  current: ProfileSection;
  layout: 'bar' | 'drawer';
  onNavigate?: () => void;
}

const LOOK = {
  bar: {
    list: 'flex items-center gap-1',
    item: 'rounded-full px-3 py-2 text-sm',
    on: 'bg-brand-700 text-white',
    off: 'text-ink-700 hover:bg-brand-50',
  },
  drawer: {
    list: 'grid gap-1',
    item: 'block rounded-xl px-4 py-3 text-base',
    on: 'bg-brand-700 text-white',
    off: 'text-ink-800 hover:bg-brand-50',
  },
} as const;

/** The account page's sections as `?section=` links: in the header bar on wide screens, in the drawer on phones. */
export function AccountMenuLinks({ sections, current, layout, onNavigate }: AccountMenuLinksProps) {
  const look = LOOK[layout];
  return (
    <ul className={look.list}>
      {sections.map((section) => (
        <li key={section}>
          <Link
            to={sectionHref(section)}
            onClick={onNavigate}
            aria-current={section === current ? 'page' : undefined}
            className={cx('font-semibold whitespace-nowrap transition-colors', look.item, section === current ? look.on : look.off)}
          >
            {PROFILE_SECTIONS[section]}
          </Link>
        </li>
      ))}
    </ul>
  );
}
