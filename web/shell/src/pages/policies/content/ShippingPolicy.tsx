import { Bullets, PolicyArticle, PolicySection } from './PolicyText.js';

export function ShippingPolicy() {
  return (
    <PolicyArticle title="Shipping Policy">
      <PolicySection title="When your order ships">
        <Bullets
          items={[
            'Orders are processed within 1-2 business days of payment.',
            'Delivery takes up to 7 business days after your order ships.',
            'Delivery is free.',
          ]}
        />
      </PolicySection>
      <PolicySection title="Where we deliver">
        <p>
          We deliver to the pincodes our courier partners serve. Enter your 6-digit pincode at checkout to see whether we deliver to you; if
          not, you will see 'Not serviceable currently'.
        </p>
      </PolicySection>
      <PolicySection title="Updates">
        <p>
          We confirm your order by email and send shipping updates to your registered mobile number. Please make sure someone can receive
          the parcel at the shipping address you gave.
        </p>
      </PolicySection>
    </PolicyArticle>
  );
}
