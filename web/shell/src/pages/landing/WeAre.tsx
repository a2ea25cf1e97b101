import { DEALS_BOARD } from '@elts/contracts';
import { Link } from '@elts/router';
import { ArrowRightIcon, BRAND, buttonClasses } from '@elts/ui';

const FEATURES = [
  {
    title: 'Your lists, your deals',
    text: 'Keep a Need list of things to buy soon and a Greed list of things to save for. We hunt for deals on both.',
  },
  {
    title: `A fresh board every ${DEALS_BOARD.everyDays} days`,
    text: `Up to ${DEALS_BOARD.maxItems} deals go live on Friday midnight and close on Sunday midnight.`,
  },
  {
    title: 'Save or Splurge',
    text: 'Tell us whether you save on every purchase or love to upgrade, and your deals follow your style.',
  },
];

export function WeAre() {
  return (
    <section
      aria-labelledby="we-are"
      className="mx-auto grid max-w-6xl gap-10 px-4 py-16 lg:grid-cols-[1fr_1.1fr] lg:gap-16 lg:px-8 lg:py-24"
    >
      <div>
        <h2 id="we-are" className="text-sm font-bold tracking-[0.2em] text-brand-700 uppercase">
          We are
        </h2>
        <p className="mt-3 font-display text-3xl leading-tight font-extrabold text-ink-950 lg:text-4xl">
          A community of shoppers who refuse to pay retail.
        </p>
        <p className="mt-5 text-lg text-ink-700">
          {BRAND.name} curates deals and negotiates large discounts that only members see. Our mission is to build the most organised
          consumer community, starting with Goa, Karnataka and Maharashtra.
        </p>
        <Link to="/about" className={buttonClasses('primary', 'md', 'mt-8')}>
          Learn More About Us
          <ArrowRightIcon />
        </Link>
      </div>
      <ul className="grid gap-4">
        {FEATURES.map((feature, index) => (
          <li key={feature.title} className="flex gap-4 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
            <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-marigold-100 font-display text-lg font-extrabold text-marigold-800">
              {index + 1}
            </span>
            <div>
              <h3 className="font-bold text-ink-950">{feature.title}</h3>
              <p className="mt-1 text-ink-700">{feature.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
