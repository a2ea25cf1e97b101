import { ABOUT_LINK, POLICIES_LINK } from '../../copy/footer-links.js';
import { Marquee } from '../../layout/Marquee.js';
import { PublicPage } from '../../layout/PublicPage.js';
import { ScrollButton } from '../../layout/ScrollButton.js';
import { Hero } from './Hero.js';
import { MembershipCards } from './MembershipCards.js';
import { WeAre } from './WeAre.js';

/** `/`: the landing page (spec section 2). */
export function LandingPage() {
  return (
    <PublicPage footerLinks={[ABOUT_LINK, POLICIES_LINK]}>
      <Hero />
      <Marquee />
      <WeAre />
      <MembershipCards />
      <ScrollButton />
    </PublicPage>
  );
}
