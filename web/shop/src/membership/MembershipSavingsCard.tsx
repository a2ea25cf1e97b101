import { useCurrentSubscription, useMembershipSavings } from '../api/subscription.js';
import { MembershipCard } from './MembershipCard.js';
import { savingsLines } from './membership-savings.js';

/**
 * The member's savings on /profile (issue 39 item 2, decision 0156): this membership year's paid orders against the
 * retail price the operator recorded, the fee and how many times the saving has paid it. Only while a member.
 */
export function MembershipSavingsCard() {
  const current = useCurrentSubscription();
  const active = current.data?.subscription?.status === 'active';
  const savings = useMembershipSavings(active);
  const year = savings.data?.year;
  if (!active || !year) return null;
  const lines = savingsLines(year);
  return (
    <MembershipCard headingId="membership-savings-heading" heading="MEMBERSHIP SAVINGS">
      <p className="mt-1 text-sm text-ink-600">{lines.period}</p>
      {lines.headline && <p className="mt-3 font-display text-2xl font-extrabold text-ink-950 tabular-nums">{lines.headline}</p>}
      <p className="mt-1 text-ink-700">{lines.detail}</p>
      <p className="mt-1 text-ink-700">{lines.fee}</p>
      {lines.leftOut.length > 0 && (
        <ul className="mt-2 text-sm text-ink-600">
          {lines.leftOut.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </MembershipCard>
  );
}
