import { useSearchParams } from '@elts/router';
import { useProfile } from '../api/profile.js';
import { menuSections, type ProfileSection, profileSectionFrom, shownSection } from '../screens/profile-sections.js';

/** The account page's menu as this member sees it, and which of its sections is open. */
export function useAccountMenu(): { sections: ProfileSection[]; current: ProfileSection; activeSubscriber: boolean | undefined } {
  const [query] = useSearchParams();
  const profile = useProfile();
  const activeSubscriber = profile.data ? profile.data.subscription_status === 'active' : undefined;
  return {
    sections: menuSections(activeSubscriber === true),
    current: shownSection(profileSectionFrom(query.get('section')), activeSubscriber),
    activeSubscriber,
  };
}
