import { SUBSCRIPTION_PRICE } from '@elts/contracts';
import { BRAND, ChevronDownIcon, formatRupees } from '@elts/ui';
import { PolicyArticle } from './PolicyText.js';

const FAQS = [
  {
    question: `What is ${BRAND.name}?`,
    answer: `A members-only deals community for shoppers in India. We curate deals and negotiate large discounts so members never pay the retail price.`,
  },
  {
    question: 'How much does membership cost?',
    answer: `${formatRupees(SUBSCRIPTION_PRICE.basePaise)} plus ${SUBSCRIPTION_PRICE.gstPercent}% GST, ${formatRupees(SUBSCRIPTION_PRICE.totalPaise)} a year. The fee comes back to you as an additional discount on your purchases.`,
  },
  {
    question: 'When do deals go live?',
    answer: 'Every 15 days, from Friday midnight to Sunday midnight. Your deals board shows at most 15 products each time.',
  },
  {
    question: 'What are the Need and Greed lists?',
    answer:
      'Your Need list holds up to five things you plan to buy soon; your Greed list up to five things you are saving for. We look for deals on both.',
  },
  {
    question: 'How many of a product can I buy?',
    answer:
      'Students and working professionals may buy one of each product. Startup founders, business owners and institutions with a valid GSTIN may buy larger quantities.',
  },
  {
    question: 'How do I pay?',
    answer: 'Every order is prepaid by UPI, net banking or card. Membership renews through UPI AutoPay, which you can switch to manual.',
  },
  {
    question: 'What is the Wall of ELTS?',
    answer: 'Our thank-you to the first 10,000 members: their names, on a wall of honour, for good.',
  },
  {
    question: 'How does the giveaway work?',
    answer:
      'It opens once 10,000 unique members have joined. There are 12 products with one winner each; answer 3 questions correctly in your one attempt to enter. Winners are told by email and on social media.',
  },
];

export function Faqs() {
  return (
    <PolicyArticle title="Frequently Asked Questions">
      <div className="divide-y divide-ink-200 rounded-card bg-white shadow-card ring-1 ring-ink-100">
        {FAQS.map((faq) => (
          <details key={faq.question} className="group px-5 py-1 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-4 font-semibold text-ink-950">
              {faq.question}
              <ChevronDownIcon className="shrink-0 text-lg text-brand-700 transition-transform group-open:rotate-180" />
            </summary>
            <p className="pb-4 text-ink-700">{faq.answer}</p>
          </details>
        ))}
      </div>
    </PolicyArticle>
  );
}
