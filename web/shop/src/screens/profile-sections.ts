/**
 * The account page's sections, in the spec's menu order (section 2). `?section=` opens one of them, the deals board
 * otherwise; the spec names only `orders` and `subscription`, the other values are ours (docs/decisions/0115).
 */
export const PROFILE_SECTIONS = {
  dealsboard: 'Dealsboard',
  lists: 'Lists',
  merch: 'Merch',
  wall: 'Wall of ELTS',
  profile: 'Profile',
  subscription: 'Subscription',
  orders: 'Orders',
  brands: 'Brands',
} as const;

export type ProfileSection = keyof typeof PROFILE_SECTIONS;

const isSection = (value: string | null): value is ProfileSection => value !== null && Object.hasOwn(PROFILE_SECTIONS, value);

export function profileSectionFrom(query: string | null): ProfileSection {
  return isSection(query) ? query : 'dealsboard';
}

/** The menu's link to a section: the bare page for the default one, so "Dealsboard" and `/profile` are one place. */
export function sectionHref(section: ProfileSection): string {
  return section === 'dealsboard' ? '/profile' : `/profile?section=${section}`;
}

/** The menu a member sees: Orders only for an active subscriber. */
export function menuSections(activeSubscriber: boolean): ProfileSection[] {
  return (Object.keys(PROFILE_SECTIONS) as ProfileSection[]).filter((section) => section !== 'orders' || activeSubscriber);
}

/**
 * The section to show. Orders is for subscribers only, so once the profile says the member is not an active one a
 * link to it opens the deals board; while the profile is still unknown the link is taken at its word (the orders
 * call itself is refused on the server to anyone without a session).
 */
export function shownSection(asked: ProfileSection, activeSubscriber: boolean | undefined): ProfileSection {
  return asked === 'orders' && activeSubscriber === false ? 'dealsboard' : asked;
}
