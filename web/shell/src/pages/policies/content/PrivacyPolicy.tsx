import { BRAND } from '@elts/ui';
import { Bullets, PolicyArticle, PolicySection } from './PolicyText.js';

export function PrivacyPolicy() {
  return (
    <PolicyArticle
      title="Privacy Policy"
      intro={
        <p>
          Effective date: <strong className="text-ink-900">01.02.2025</strong>. This policy explains what {BRAND.name} collects about you,
          why, who we share it with and the rights you have over it.
        </p>
      }
    >
      <PolicySection title="1. What we collect">
        <Bullets
          items={[
            'Your sign-in details from the provider you choose: your name, email address and profile picture.',
            'What you tell us while setting up your account: gender, date of birth, phone number, profession, GST number (if you give one), your Need and Greed lists and your persona (Save or Splurge).',
            'Your billing and shipping addresses and pincode.',
            'Your orders, subscription and payments. Card numbers, UPI PINs and net-banking passwords go only to our payment provider; we never see or store them.',
            'Messages you send us through the contact form.',
            'Basic technical information such as your browser, device and the pages you visit, so the site works and stays secure.',
          ]}
        />
      </PolicySection>
      <PolicySection title="2. How we use it">
        <Bullets
          items={[
            'To run your membership and pick the deals on your deals board.',
            'To take payment, process and deliver your orders, and renew your membership when auto-renewal is on.',
            'To send you order confirmations, delivery updates and notices about your membership.',
            'To answer your messages and help when something goes wrong.',
            'To prevent fraud, keep accounts secure and meet our legal obligations, such as keeping tax records.',
          ]}
        />
      </PolicySection>
      <PolicySection title="3. Who we share it with">
        <p>We do not sell your personal data. We share it only when we need to, and only what is needed:</p>
        <Bullets
          items={[
            <>
              <strong>Delivery partners</strong> receive your name, shipping address, phone number and pincode to deliver your order.
            </>,
            <>
              <strong>Our payment provider</strong> processes your payments and UPI AutoPay mandates.
            </>,
            <>
              <strong>Service providers</strong> who host our systems and send our emails, under contracts that keep your data confidential.
            </>,
            <>
              <strong>Authorities</strong>, when the law requires us to.
            </>,
          ]}
        />
      </PolicySection>
      <PolicySection title="4. Children">
        <p>
          {BRAND.name} is not intended for children under 13, and we do not knowingly collect data from them. If you believe a child under
          13 has given us personal data, contact us and we will delete it.
        </p>
      </PolicySection>
      <PolicySection title="5. Your rights">
        <p>
          Wherever you live, we give you the rights of the EU General Data Protection Regulation (GDPR), which also cover your rights under
          India's Digital Personal Data Protection Act, 2023:
        </p>
        <Bullets
          items={[
            'The right of access: ask for a copy of the personal data we hold about you.',
            'The right to rectification: have inaccurate or incomplete data corrected.',
            'The right to erasure: have your data deleted when we no longer need it or you withdraw consent.',
            'The right to restrict processing while a concern is being resolved.',
            'The right to data portability: receive your data in a common, machine-readable format.',
            'The right to object to processing, including for direct marketing.',
            'The right to withdraw consent at any time, without affecting what was done before.',
            'The right to complain to a data protection authority.',
          ]}
        />
        <p>To use any of these rights, write to us from the Contact tab. We answer within 30 days.</p>
      </PolicySection>
      <PolicySection title="6. How long we keep it">
        <p>
          We keep your data while your account is open. After you close it we delete it, except what the law requires us to keep, such as
          invoices and payment records.
        </p>
      </PolicySection>
      <PolicySection title="7. Security">
        <p>
          Your data travels encrypted, sign-in sessions are protected and can be ended at any time, and only the people who need your data
          to serve you can see it.
        </p>
      </PolicySection>
      <PolicySection title="8. Changes to this policy">
        <p>When we change this policy we publish the new version here with a new effective date.</p>
      </PolicySection>
    </PolicyArticle>
  );
}
