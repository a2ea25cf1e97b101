import { SUBSCRIPTION_PRICE } from '@elts/contracts';
import { BRAND, formatRupees } from '@elts/ui';
import { Bullets, PolicyArticle, PolicySection } from './PolicyText.js';

export function TermsAndConditions() {
  return (
    <PolicyArticle
      title="Terms and Conditions"
      intro={<p>These terms apply to everyone who visits or joins {BRAND.name}. By joining you accept them.</p>}
    >
      <PolicySection title="1. Membership">
        <Bullets
          items={[
            'Membership is personal and cannot be transferred. Registration is capped at 50K users, after which joining is by invitation only.',
            `The annual subscription costs ${formatRupees(SUBSCRIPTION_PRICE.basePaise)} plus ${SUBSCRIPTION_PRICE.gstPercent}% GST (${formatRupees(SUBSCRIPTION_PRICE.gstPaise)}), ${formatRupees(SUBSCRIPTION_PRICE.totalPaise)} in all. The fee is returned to you as an additional discount on your purchases.`,
            'Auto-renewal uses a UPI AutoPay mandate. You can switch to manual renewal at any time. Revoking the mandate cancels the subscription immediately and cannot be undone.',
          ]}
        />
      </PolicySection>
      <PolicySection title="2. Deals and purchases">
        <Bullets
          items={[
            'Your deals board shows at most 15 products. Deals go live on Friday midnight and close on Sunday midnight, every 15 days.',
            'Students and working professionals may buy one of each product. Startup founders, business owners and institutions with a valid GSTIN may buy larger quantities.',
            'Every order is prepaid by UPI, net banking or card. Prices and stock can change until your payment is confirmed.',
            'If we cannot fulfil an order, we cancel it and refund you as described in our Exchange and Refund Policy.',
          ]}
        />
      </PolicySection>
      <PolicySection title="3. Giveaways">
        <p>
          Giveaways are open to members only, with one attempt per member. Winners are notified by email and on social media. Each giveaway
          may have further rules, shown before you enter.
        </p>
      </PolicySection>
      <PolicySection title="4. Your account">
        <p>
          Keep your sign-in to yourself and tell us at once if you think someone else has used it. We may suspend accounts that abuse the
          service, resell deals or break these terms.
        </p>
      </PolicySection>
      <PolicySection title="5. Brands and content">
        <p>
          Brand names and logos shown on {BRAND.name} belong to their owners. The rest of the site, its design and its text belong to{' '}
          {BRAND.name}.
        </p>
      </PolicySection>
      <PolicySection title="6. Limitation of liability">
        <p>
          As far as the law allows, our total liability to you for any claim is limited to the amounts you paid us in the 30 days before the
          claim arose.
        </p>
      </PolicySection>
      <PolicySection title="7. Governing law and jurisdiction">
        <p>
          These terms are governed by the laws of India. The courts of Goa have exclusive jurisdiction over any dispute arising from them.
        </p>
      </PolicySection>
      <PolicySection title="8. Changes">
        <p>We may update these terms. The version published here applies from the day it is published.</p>
      </PolicySection>
      {/* The spec puts the exchange and refund rules in the terms' section 9 (the Exchange tab has them in full). */}
      <PolicySection title="9. Exchanges and refunds">
        <p>
          Exchange requests are accepted within 7 days of delivery, and the replacement ships within 15 days. If an item you paid for is out
          of stock, you are refunded within 15 days, as a fund transfer or as credits. The Exchange and Refund Policy gives the details.
        </p>
      </PolicySection>
    </PolicyArticle>
  );
}
