import { MEMBER_CAPS, SUBSCRIPTION_PRICE } from '@elts/contracts';
import { Link } from '@elts/router';
import { Button, buttonClasses, formatCount, formatRupees } from '@elts/ui';
import { useSignIn } from '../../session/SignIn.js';

/** The first-10,000-members card (to the Wall of ELTS) and the 'Join Us' card. */
export function MembershipCards() {
  const signIn = useSignIn();
  return (
    <section aria-label="Membership" className="bg-brand-50/70">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 lg:grid-cols-2 lg:px-8 lg:py-24">
        {/* Its own stacking context, so the decorative circle sits under the card's text rather than tinting it (issue 34). */}
        <article className="relative isolate overflow-hidden rounded-card bg-brand-900 p-8 text-white shadow-lift lg:p-10">
          <div aria-hidden="true" className="absolute -top-16 -right-16 -z-10 size-56 rounded-full bg-brand-500/30" />
          <p className="text-sm font-bold tracking-[0.2em] text-marigold-300 uppercase">Wall of ELTS</p>
          <h2 className="mt-3 font-display text-3xl font-extrabold">The first {formatCount(MEMBER_CAPS.wallOfElts)} members</h2>
          <p className="mt-4 text-white/80">
            Every one of our first {formatCount(MEMBER_CAPS.wallOfElts)} members is honoured by name on the Wall of ELTS. Registration is
            capped at {MEMBER_CAPS.registration / 1000}K users; after that, joining is by invitation only.
          </p>
          <Link to="/elts" state={{ elts: true }} className={buttonClasses('accent', 'md', 'mt-8')}>
            See the Wall of ELTS
          </Link>
        </article>
        <article className="rounded-card bg-white p-8 shadow-card ring-1 ring-ink-100 lg:p-10">
          <p className="text-sm font-bold tracking-[0.2em] text-brand-700 uppercase">Membership</p>
          <h2 className="mt-3 font-display text-3xl font-extrabold text-ink-950">Join Us</h2>
          <p className="mt-4 text-ink-700">
            Sign in, tell us what you need, and get a deals board picked for you. Membership is{' '}
            {formatRupees(SUBSCRIPTION_PRICE.basePaise, { decimals: false })} plus GST a year, and the fee comes back to you as an extra
            discount on your purchases.
          </p>
          <Button onClick={signIn} className="mt-8">
            Join our community
          </Button>
        </article>
      </div>
    </section>
  );
}
