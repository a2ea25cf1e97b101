/** The account page's sections; `?section=` opens one of them, the deals board otherwise (spec section 2). */
export const PROFILE_SECTIONS = {
  dealsboard: 'Dealsboard',
  subscription: 'Subscription',
  orders: 'Orders',
} as const;

export type ProfileSection = keyof typeof PROFILE_SECTIONS;

export function profileSectionFrom(query: string | null): ProfileSection {
  return query === 'subscription' || query === 'orders' ? query : 'dealsboard';
}
