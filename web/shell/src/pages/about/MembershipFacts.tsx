import { SUBSCRIPTION_PRICE } from '@elts/contracts';
import { Card, CheckIcon, formatRupees } from '@elts/ui';

const FACTS = [
  'The membership fee comes back to you as an additional discount on your purchases.',
  'Auto-renewal by UPI AutoPay is on by default; you can switch to manual renewal at any time.',
  'Students and working professionals may buy one of each product.',
  'Startup founders, business owners and institutions with a valid GSTIN may buy larger quantities.',
  'Every order is prepaid by UPI, net banking or card, and delivery is free.',
];

/** The price (Rs 999 plus 18% GST) and the rules that come with it. */
export function MembershipFacts() {
  return (
    <section aria-labelledby="membership" className="mx-auto grid max-w-6xl gap-8 px-4 py-16 lg:grid-cols-[1fr_1.2fr] lg:px-8 lg:py-24">
      <div>
        <h2 id="membership" className="font-display text-3xl font-extrabold text-ink-950 lg:text-4xl">
          One membership, a year of deals
        </h2>
        <ul className="mt-6 space-y-3">
          {FACTS.map((fact) => (
            <li key={fact} className="flex gap-3 text-ink-700">
              <CheckIcon className="mt-1 shrink-0 text-lg text-emerald-700" />
              {fact}
            </li>
          ))}
        </ul>
      </div>
      <Card as="article" className="self-start">
        <h3 className="text-sm font-bold tracking-[0.2em] text-brand-700 uppercase">Annual membership</h3>
        <dl className="mt-6 divide-y divide-ink-100 text-ink-800">
          <div className="flex justify-between py-3">
            <dt>Membership</dt>
            <dd className="font-semibold tabular-nums">{formatRupees(SUBSCRIPTION_PRICE.basePaise)}</dd>
          </div>
          <div className="flex justify-between py-3">
            <dt>GST ({SUBSCRIPTION_PRICE.gstPercent}%)</dt>
            <dd className="font-semibold tabular-nums">{formatRupees(SUBSCRIPTION_PRICE.gstPaise)}</dd>
          </div>
          <div className="flex justify-between py-3">
            <dt>Delivery charges</dt>
            <dd className="font-semibold text-emerald-700">Free</dd>
          </div>
          <div className="flex items-baseline justify-between pt-4 text-ink-950">
            <dt className="font-bold">Total a year</dt>
            <dd className="font-display text-3xl font-extrabold tabular-nums">{formatRupees(SUBSCRIPTION_PRICE.totalPaise)}</dd>
          </div>
        </dl>
      </Card>
    </section>
  );
}
