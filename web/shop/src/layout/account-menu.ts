import { useSearchParams } from '@elts/router';
import { useHasOrders } from '../api/orders.js';
import { useProfile } from '../api/profile.js';
import { menuSections, ordersVisible, type ProfileSection, profileSectionFrom, shownSection } from '../screens/profile-sections.js';

/** The account page's menu as this member sees it, and which of its sections is open. */
export function useAccountMenu(): { sections: ProfileSection[]; current: ProfileSection; activeSubscriber: boolean | undefined } {
  const [query] = useSearchParams();
  const profile = useProfile();
  const activeSubscriber = profile.data ? profile.data.subscription_status === 'active' : undefined;
  // An active subscriber sees Orders anyway; anyone else only once they are known to have ordered.
  const hasOrders = useHasOrders(activeSubscriber === false);
  const showOrders = ordersVisible(activeSubscriber, hasOrders);
  return {
    sections: menuSections(showOrders === true),
    current: shownSection(profileSectionFrom(query.get('section')), showOrders),
    activeSubscriber,
  };
}
