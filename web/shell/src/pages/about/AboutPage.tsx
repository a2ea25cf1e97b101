import { BRAND } from '@elts/ui';
import { HOME_LINK, POLICIES_LINK } from '../../copy/footer-links.js';
import { Marquee } from '../../layout/Marquee.js';
import { PublicPage } from '../../layout/PublicPage.js';
import { DealsBoard } from './DealsBoard.js';
import { HowItWorks } from './HowItWorks.js';
import { JoinTheClub } from './JoinTheClub.js';
import { MembershipFacts } from './MembershipFacts.js';

/** `/about`: the public about page (spec section 2). */
export function AboutPage() {
  return (
    <PublicPage title="About Us" footerLinks={[HOME_LINK, POLICIES_LINK]}>
      <section aria-labelledby="about-title" className="relative overflow-hidden bg-brand-950 text-white">
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(50rem_26rem_at_10%_0%,rgb(102_72_227/0.5),transparent)]" />
        <div className="relative mx-auto max-w-4xl px-4 py-16 text-center lg:py-24">
          <h1 id="about-title" className="font-display text-4xl font-extrabold tracking-tight lg:text-6xl">
            About Us
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-white/80 lg:text-xl">
            {BRAND.name} makes one promise to its members: you will never pay the retail price. We curate deals, negotiate large discounts
            and share them only inside the club, on the way to becoming the most organised consumer community in India.
          </p>
        </div>
      </section>
      <Marquee />
      <HowItWorks />
      <DealsBoard />
      <MembershipFacts />
      <JoinTheClub />
    </PublicPage>
  );
}
