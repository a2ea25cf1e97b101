import { Bullets, PolicyArticle, PolicySection } from './PolicyText.js';

export function ExchangePolicy() {
  return (
    <PolicyArticle title="Exchange and Refund Policy">
      <PolicySection title="Exchanges">
        <Bullets
          items={[
            'Ask for an exchange within 7 days of delivery if your item arrives damaged, defective or is not what you ordered.',
            'Ask from your order page: choose the reason and tell us what is wrong. We email you once it is reviewed.',
            'Keep the item unused, with its tags and original packaging.',
            'Once your request is approved, the replacement ships within 15 days. If none is in stock, we refund you instead.',
          ]}
        />
      </PolicySection>
      <PolicySection title="Out-of-stock refunds">
        <p>
          If an item you paid for turns out to be out of stock, we refund you within 15 days, either as a fund transfer to your original
          payment method or as credits on your account.
        </p>
      </PolicySection>
      <PolicySection title="Failed payments">
        <p>If money leaves your account but the payment fails, it is returned to the same account by the payment provider.</p>
      </PolicySection>
    </PolicyArticle>
  );
}
