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

/**
 * Whether the member may see Orders: an active subscriber always (spec section 2), and anyone who has ordered
 * whatever their membership has become since (a lapsed or revoked member still owns what they paid for). Undefined
 * while the answers are not in.
 */
export function ordersVisible(activeSubscriber: boolean | undefined, hasOrders: boolean | undefined): boolean | undefined {
  if (activeSubscriber === true || hasOrders === true) return true;
  if (activeSubscriber === false && hasOrders === false) return false;
  return undefined;
}

/** The menu a member sees: Orders only when `showOrders` (see ordersVisible). */
export function menuSections(showOrders: boolean): ProfileSection[] {
  return (Object.keys(PROFILE_SECTIONS) as ProfileSection[]).filter((section) => section !== 'orders' || showOrders);
}

/**
 * The section to show. Once it is known that the member may not see Orders, a link to it opens the deals board;
 * while that is still unknown the link is taken at its word (the orders call itself only ever answers the member's
 * own orders).
 */
export function shownSection(asked: ProfileSection, showOrders: boolean | undefined): ProfileSection {
  return asked === 'orders' && showOrders === false ? 'dealsboard' : asked;
}
