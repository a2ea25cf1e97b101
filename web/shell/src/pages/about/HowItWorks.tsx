import { LIST_SLOTS } from '@elts/contracts';

const STEPS = [
  {
    title: 'Join and tell us what you want',
    text: `Sign in, complete four quick steps and keep two lists of ${LIST_SLOTS}: a Need list of things to buy soon and a Greed list of things to save for. Pick your persona: Save or Splurge.`,
  },
  {
    title: 'Subscribe for the year',
    text: 'An annual membership unlocks your deals board. The fee comes back to you as an additional discount on what you buy.',
  },
  {
    title: 'Shop the drop',
    text: 'Deals go live on Friday midnight and close on Sunday midnight, every 15 days. Every order is prepaid by UPI, net banking or card.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16 lg:px-8 lg:py-24">
      <h2 id="how-it-works" className="font-display text-3xl font-extrabold text-ink-950 lg:text-4xl">
        How it works
      </h2>
      <ol className="mt-10 grid gap-6 lg:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="relative rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 lg:p-8">
            <span className="font-display text-5xl font-extrabold text-brand-400" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="mt-3 text-xl font-bold text-ink-950">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-ink-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
