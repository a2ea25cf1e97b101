import { Navigate, useLocation, useSearchParams } from '@elts/router';
import { readMemberSession } from '@elts/ui';
import { CommunityBlocks } from '../community/CommunityBlocks.js';
import { SubscriptionPanel } from '../membership/SubscriptionPanel.js';
import { DealsBoardSection } from '../shopping/DealsBoardSection.js';
import { OrderHistorySection } from '../shopping/OrderHistorySection.js';
import { PROFILE_SECTIONS, profileSectionFrom } from './profile-sections.js';

/**
 * `/profile` as it stands today: only with a session (home otherwise, as the spec says), opening the section the
 * link asked for and greeting a member who just finished onboarding.
 */
export function ProfileScreen() {
  const [query] = useSearchParams();
  const { state } = useLocation();
  if (!readMemberSession().token) return <Navigate to="/" replace />;
  const section = profileSectionFrom(query.get('section'));
  const fromShipping = (state as { fromShipping?: unknown } | null)?.fromShipping === true;
  return (
    <div>
      <p className="text-sm font-bold tracking-[0.15em] text-brand-700 uppercase">My account</p>
      <h1 className="mt-2 font-display text-4xl font-extrabold text-ink-950">{PROFILE_SECTIONS[section]}</h1>
      {fromShipping && (
        <p role="status" className="mt-6 rounded-2xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-800">
          Welcome aboard! Limited subscriptions are open.
        </p>
      )}
      <CommunityBlocks />
      {section === 'dealsboard' && <DealsBoardSection />}
      {section === 'subscription' && <SubscriptionPanel />}
      {section === 'orders' && <OrderHistorySection />}
    </div>
  );
}
