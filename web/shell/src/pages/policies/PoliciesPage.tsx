import { useLocation, useNavigate } from '@elts/router';
import { LoadingState, Tabs } from '@elts/ui';
import { type ComponentType, Suspense } from 'react';
import { lazyPage } from '../../app/lazy-page.js';
import { ABOUT_LINK, HOME_LINK } from '../../copy/footer-links.js';
import { PublicPage } from '../../layout/PublicPage.js';
import { ExchangePolicy } from './content/ExchangePolicy.js';
import { Faqs } from './content/Faqs.js';
import { PrivacyPolicy } from './content/PrivacyPolicy.js';
import { ShippingPolicy } from './content/ShippingPolicy.js';
import { TermsAndConditions } from './content/TermsAndConditions.js';
import { POLICY_TABS, type PolicyTab, policyTabFromHash } from './policy-tabs.js';

// The contact form brings the request's schema (zod, about 22 KB gzipped): it loads when its tab is opened, so the
// policies, the page's usual reason for a visit, show without it (issue 8).
const ContactUs = lazyPage(
  () => import('./content/ContactUs.js'),
  (module) => module.ContactUs,
);

const PANELS: Record<PolicyTab, ComponentType> = {
  privacy: PrivacyPolicy,
  terms: TermsAndConditions,
  exchange: ExchangePolicy,
  shipping: ShippingPolicy,
  faqs: Faqs,
  contact: ContactUs,
};

/** `/privacy`: the policies, one tab at a time; the URL hash selects the tab, so `/privacy#faqs` links straight to it. */
export function PoliciesPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const selected = policyTabFromHash(hash);
  const Panel = PANELS[selected];
  return (
    <PublicPage title="Policies" footerLinks={[HOME_LINK, ABOUT_LINK]} loginLabel="Already in the club? login">
      <div className="bg-brand-950 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 lg:px-8 lg:py-16">
          <h1 className="font-display text-4xl font-extrabold tracking-tight lg:text-5xl">Policies</h1>
          <p className="mt-3 max-w-2xl text-lg text-white/80">How we handle your data, your orders and your membership, in plain words.</p>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-10 lg:px-8 lg:py-14">
        <Tabs label="Policies" tabs={POLICY_TABS} selected={selected} onSelect={(key) => navigate({ hash: key }, { replace: true })}>
          <Suspense fallback={<LoadingState message="Loading…" />}>
            <Panel />
          </Suspense>
        </Tabs>
      </div>
    </PublicPage>
  );
}
