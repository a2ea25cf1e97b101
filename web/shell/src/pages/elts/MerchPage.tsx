import { MEMBER_CAPS } from '@elts/contracts';
import { Button, Card, formatCount } from '@elts/ui';
import merchArt from '../../art/merch.svg';
import { useSignIn } from '../../session/SignIn.js';
import { ComingSoonBadge } from './ComingSoonBadge.js';
import { GiveawayResults } from './GiveawayResults.js';

const GIVEAWAY = [
  `It opens once ${formatCount(MEMBER_CAPS.wallOfElts)} unique members have joined.`,
  '12 products, with one winner for each.',
  'Answer 3 questions correctly to enter; every member gets one attempt.',
  'Winners are told by email and on social media.',
];

export function MerchPage() {
  const signIn = useSignIn();
  return (
    <section aria-labelledby="merch-title" className="mx-auto max-w-6xl px-4 py-12 lg:px-8 lg:py-16">
      <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
        <div>
          <ComingSoonBadge />
          <h1 id="merch-title" className="mt-4 font-display text-4xl font-extrabold tracking-tight text-ink-950 lg:text-5xl">
            Merch
          </h1>
          <p className="mt-4 text-lg text-ink-700">
            Limited-edition merchandise and giveaways, for members only. Sign up to be first in line.
          </p>
          <Button size="lg" onClick={signIn} className="mt-8">
            Sign up
          </Button>
        </div>
        <img src={merchArt} alt="" width={560} height={400} className="h-auto w-full" />
      </div>
      <Card as="section" aria-labelledby="giveaway-title" className="mt-12">
        <h2 id="giveaway-title" className="font-display text-2xl font-extrabold text-ink-950">
          The giveaway
        </h2>
        <ol className="mt-4 grid gap-3 sm:grid-cols-2">
          {GIVEAWAY.map((rule, index) => (
            <li key={rule} className="flex gap-3 text-ink-700">
              <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
                {index + 1}
              </span>
              {rule}
            </li>
          ))}
        </ol>
      </Card>
      <GiveawayResults />
    </section>
  );
}
