import { MEMBER_CAPS } from '@elts/contracts';
import { BRAND, Button, formatCount } from '@elts/ui';
import heroWide from '../../art/hero-wide.svg';
import { ABOUT_LINK, HOME_LINK, POLICIES_LINK } from '../../copy/footer-links.js';
import { PublicPage } from '../../layout/PublicPage.js';
import { useSignIn } from '../../session/SignIn.js';

/** `/banner`: the campaign banner for the first members (the spec lists the route without its content). */
export function BannerPage() {
  const signIn = useSignIn();
  return (
    <PublicPage title="Be one of the first" footerLinks={[HOME_LINK, ABOUT_LINK, POLICIES_LINK]}>
      <section aria-labelledby="banner-title" className="bg-brand-950 px-4 py-10 text-white lg:py-16">
        <div className="mx-auto grid max-w-6xl items-center gap-8 overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-800 to-brand-950 p-8 ring-1 ring-white/10 lg:grid-cols-2 lg:p-14">
          <div>
            <p className="text-sm font-bold tracking-[0.2em] text-marigold-300 uppercase">{BRAND.name} · Members only</p>
            <h1 id="banner-title" className="mt-4 font-display text-4xl leading-tight font-extrabold lg:text-6xl">
              Be one of the first {formatCount(MEMBER_CAPS.wallOfElts)}
            </h1>
            <p className="mt-5 text-lg text-white/80">
              Curated deals, large discounts and your name on the Wall of ELTS. Registration closes at {MEMBER_CAPS.registration / 1000}K
              members; after that it is by invitation only.
            </p>
            <Button variant="accent" size="lg" onClick={signIn} className="mt-8">
              Join our community
            </Button>
          </div>
          <img src={heroWide} alt="" width={640} height={560} className="h-auto w-full" />
        </div>
      </section>
    </PublicPage>
  );
}
