import { useCurrentSubscription } from '../api/subscription.js';
import { MembershipCard } from './MembershipCard.js';
import { creditLines } from './membership-credit.js';

/** The member's membership credit on /profile: how much, until when, and what it buys (only while a member). */
export function MembershipCreditCard() {
  const current = useCurrentSubscription();
  const subscription = current.data?.subscription;
  if (!current.data || subscription?.status !== 'active') return null;
  const lines = creditLines(current.data.credit_balance_paise, subscription.end_date);
  return (
    <MembershipCard headingId="membership-credit-heading" heading="MEMBERSHIP CREDIT">
      <p className="mt-3 font-display text-2xl font-extrabold text-ink-950 tabular-nums">{lines.balance}</p>
      {lines.expires && <p className="mt-1 text-ink-700">{lines.expires}</p>}
      <p className="mt-1 text-ink-700">{lines.buys}</p>
    </MembershipCard>
  );
}
