import { Navigate, useLocation, useNavigate } from '@elts/router';
import { readMemberSession } from '@elts/ui';
import { type ReactNode, useState } from 'react';
import { usePincodeServiceability } from '../api/pincode.js';
import { useProfile } from '../api/profile.js';
import { BrandsSection } from '../community/BrandsSection.js';
import { MerchSection } from '../community/MerchSection.js';
import { WallSection } from '../community/WallSection.js';
import { useAccountMenu } from '../layout/account-menu.js';
import { MembershipCreditCard } from '../membership/MembershipCreditCard.js';
import { MembershipSavingsCard } from '../membership/MembershipSavingsCard.js';
import { SubscriptionPanel } from '../membership/SubscriptionPanel.js';
import { ListsWithAlerts } from '../profile/AlertsSection.js';
import { ProfessionPersonaCard } from '../profile/ProfessionPersonaCard.js';
import { ProfileLoadedBanner } from '../profile/ProfileLoadedBanner.js';
import { ProfileSection } from '../profile/ProfileSection.js';
import { WelcomeModal } from '../profile/WelcomeModal.js';
import { WithProfile } from '../profile/WithProfile.js';
import { DealsBoardSection } from '../shopping/DealsBoardSection.js';
import { OrderHistorySection } from '../shopping/OrderHistorySection.js';
import { PROFILE_SECTIONS, type ProfileSection as Section } from './profile-sections.js';

/** What each section of the account page shows; one is shown at a time (spec section 2). */
const SECTION_CONTENT: Record<Section, () => ReactNode> = {
  dealsboard: () => <DealsBoardSection />,
  lists: () => <ListsWithAlerts />,
  merch: () => <MerchSection />,
  wall: () => <WithProfile>{(profile) => <WallSection profile={profile} />}</WithProfile>,
  profile: () => <WithProfile>{(profile) => <ProfileSection profile={profile} />}</WithProfile>,
  subscription: () => (
    <div className="grid gap-6">
      <WithProfile>{(profile) => <ProfessionPersonaCard profile={profile} />}</WithProfile>
      <SubscriptionPanel />
      <MembershipSavingsCard />
      <MembershipCreditCard />
    </div>
  ),
  orders: () => <OrderHistorySection />,
  brands: () => <BrandsSection />,
};

/**
 * `/profile`, the member's account page: only with a session (home otherwise), showing the section the menu or a
 * `?section=` link chose, and welcoming a member who just finished onboarding or has not given a pincode yet.
 */
export function ProfileScreen() {
  if (!readMemberSession().token) return <Navigate to="/" replace />;
  return <AccountPage />;
}

function AccountPage() {
  const { current } = useAccountMenu();
  const { state, pathname, search } = useLocation();
  const navigate = useNavigate();
  const profile = useProfile();
  const [welcomeClosed, setWelcomeClosed] = useState(false);
  // Closing also forgets fromShipping, so a reload does not greet the member a second time.
  const closeWelcome = () => {
    setWelcomeClosed(true);
    if (state) navigate(pathname + search, { replace: true, state: null });
  };
  const fromShipping = (state as { fromShipping?: unknown } | null)?.fromShipping === true;
  const withoutPincode = profile.data !== undefined && profile.data.pincode === null;
  const welcomeOpen = !welcomeClosed && (fromShipping || withoutPincode);
  // Asked only while the welcome shows (a member without a pincode has none to ask about): what it says depends on it.
  const savedPincode = profile.data?.pincode ? String(profile.data.pincode) : '';
  const { serviceability } = usePincodeServiceability(welcomeOpen ? savedPincode : '');
  return (
    <div>
      <p className="text-sm font-bold tracking-[0.15em] text-brand-700 uppercase">My account</p>
      <h1 className="mt-2 mb-8 font-display text-4xl font-extrabold text-ink-950">{PROFILE_SECTIONS[current]}</h1>
      <ProfileLoadedBanner loaded={profile.data !== undefined} />
      {SECTION_CONTENT[current]()}
      <WelcomeModal
        open={welcomeOpen}
        onClose={closeWelcome}
        {...(serviceability === 'not serviceable' ? { notServedPincode: savedPincode } : {})}
      />
    </div>
  );
}
