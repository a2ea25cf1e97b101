import { MEMBER_CAPS } from '@elts/contracts';
import { Link } from '@elts/router';
import { Button, buttonClasses, formatCount } from '@elts/ui';
import { useSignIn } from '../../session/SignIn.js';

/** The wall-of-elts card, the merch link and the 'Join the club' button. */
export function JoinTheClub() {
  const signIn = useSignIn();
  return (
    <section aria-label="Join the club" className="bg-brand-50/70">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 lg:grid-cols-2 lg:px-8 lg:py-24">
        <article className="rounded-card bg-brand-900 p-8 text-white shadow-lift lg:p-10">
          <h2 className="font-display text-3xl font-extrabold">Wall of ELTS</h2>
          <p className="mt-4 text-white/80">
            Our first {formatCount(MEMBER_CAPS.wallOfElts)} members are honoured by name on the Wall of ELTS. Members also get
            limited-edition merch and a giveaway with a prize for every winner.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/elts" state={{ elts: true }} className={buttonClasses('accent')}>
              See the Wall of ELTS
            </Link>
            <Link to="/elts" state={{ merch: true }} className={buttonClasses('inverse')}>
              Merch
            </Link>
          </div>
        </article>
        <article className="flex flex-col items-start rounded-card bg-white p-8 shadow-card ring-1 ring-ink-100 lg:p-10">
          <h2 className="font-display text-3xl font-extrabold text-ink-950">Ready when you are</h2>
          <p className="mt-4 text-ink-700">
            Registration is capped at {MEMBER_CAPS.registration / 1000}K users, after which joining is by invitation only.
          </p>
          <Button size="lg" onClick={signIn} className="mt-8">
            Join the club
          </Button>
        </article>
      </div>
    </section>
  );
}
