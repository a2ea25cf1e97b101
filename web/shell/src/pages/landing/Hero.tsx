import { Link } from '@elts/router';
import { BRAND, Button, buttonClasses } from '@elts/ui';
import heroNarrow from '../../art/hero-narrow.svg';
import heroWide from '../../art/hero-wide.svg';
import { useSignIn } from '../../session/SignIn.js';

const REGIONS = ['Goa', 'Karnataka', 'Maharashtra', 'More regions soon'];

/** The landing page's banner; its picture changes below the spec's 991 px breakpoint. */
export function Hero() {
  const signIn = useSignIn();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-brand-950 text-white">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(60rem_30rem_at_85%_20%,rgb(102_72_227/0.45),transparent)]" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-6 px-4 pt-10 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:px-8 lg:py-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-marigold-200 uppercase ring-1 ring-white/15">
            <span className="size-1.5 rounded-full bg-marigold-400" aria-hidden="true" />
            Members only · Being built in stealth
          </p>
          <h1
            id="hero-title"
            className="mt-5 font-display text-[2.6rem] leading-[1.05] font-extrabold tracking-tight sm:text-5xl lg:text-[3.6rem]"
          >
            Never pay retail <span className="text-marigold-400">again.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-white/80">
            {BRAND.name} is a members-only deals community for shoppers in India. We curate the deals and unlock large discounts, so members
            never pay the retail price.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button variant="accent" size="lg" onClick={signIn}>
              Join the club
            </Button>
            <Link to="/about" className={buttonClasses('inverse', 'lg')}>
              How it works
            </Link>
          </div>
          <p className="mt-8 text-sm font-medium text-white/70">Communities launching in</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {REGIONS.map((region) => (
              <li key={region} className="rounded-full bg-white/10 px-3 py-1 text-sm text-white ring-1 ring-white/15">
                {region}
              </li>
            ))}
          </ul>
        </div>
        <picture className="block">
          <source media="(min-width: 991px)" srcSet={heroWide} width={640} height={560} />
          <img src={heroNarrow} alt="" width={780} height={420} className="mx-auto h-auto w-full max-w-xl lg:max-w-none" />
        </picture>
      </div>
    </section>
  );
}
