import { MEMBER_CAPS } from '@elts/contracts';
import { BRAND, Card, formatCount } from '@elts/ui';
import { GiveawayBlock } from './GiveawayBlock.js';

// The giveaway's terms (spec section 9), as facts a member scans rather than rules to read.
const GIVEAWAY_FACTS = [
  ['Opens', `when ${formatCount(MEMBER_CAPS.wallOfElts)} members are in`],
  ['Prizes', '12 products, a winner for each'],
  ['To enter', '3 questions, a single attempt'],
  ['Winners', 'announced by email and on social media'],
] as const;

/** The Merch section: limited-edition merchandise and the giveaway that goes with it. */
export function MerchSection() {
  return (
    <div className="grid gap-6">
      <section aria-labelledby="merch-title" className="rounded-card bg-brand-900 p-6 text-white shadow-card lg:p-8">
        <p className="text-sm font-bold tracking-[0.15em] text-marigold-300 uppercase">Limited edition</p>
        <h2 id="merch-title" className="mt-2 font-display text-3xl font-extrabold">
          {BRAND.name} merch
        </h2>
        <p className="mt-3 max-w-xl text-white/80">
          Limited-edition merchandise for members only, made in small runs and never restocked. The first drop is on its way.
        </p>
      </section>
      <Card as="section" aria-labelledby="giveaway-terms-title">
        <h2 id="giveaway-terms-title" className="text-lg font-bold text-ink-950">
          How the giveaway works
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          {GIVEAWAY_FACTS.map(([term, fact]) => (
            <div key={term} className="rounded-2xl bg-brand-50 px-4 py-3">
              <dt className="text-xs font-bold tracking-wide text-brand-700 uppercase">{term}</dt>
              <dd className="mt-1 font-semibold text-ink-900">{fact}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <GiveawayBlock />
    </div>
  );
}
