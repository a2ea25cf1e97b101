import { MEMBER_CAPS } from '@elts/contracts';
import { BRAND, Button, cx, formatCount } from '@elts/ui';
import { useSignIn } from '../../session/SignIn.js';
import { ComingSoonBadge } from './ComingSoonBadge.js';

// Empty name plates, numbered as the wall will be; the names arrive with the members.
const PLATES = Array.from({ length: 24 }, (_, index) => `#${String(index + 1).padStart(5, '0')}`);

export function WallOfElts() {
  const signIn = useSignIn();
  return (
    <section aria-labelledby="wall-title" className="mx-auto max-w-6xl px-4 py-12 lg:px-8 lg:py-16">
      <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:items-center">
        <div>
          <ComingSoonBadge />
          <h1 id="wall-title" className="mt-4 font-display text-4xl font-extrabold tracking-tight text-ink-950 lg:text-5xl">
            Wall of ELTS
          </h1>
          <p className="mt-4 text-lg text-ink-700">
            The first {formatCount(MEMBER_CAPS.wallOfElts)} members of {BRAND.name} will be honoured here, by name, for good. The wall goes
            up as members join.
          </p>
          <Button size="lg" onClick={signIn} className="mt-8">
            Join our community
          </Button>
        </div>
        <ul aria-label="Places on the wall" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {PLATES.map((plate, index) => (
            <Plate key={plate} number={plate} invite={index % 5 === 1} phone={index < 12} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** One place on the wall: most still open, every fifth inviting the reader to take it. A phone shows the first 12. */
function Plate({ number, invite, phone }: { number: string; invite: boolean; phone: boolean }) {
  return (
    <li
      className={cx(
        'rounded-xl px-3 py-4 text-center',
        invite ? 'bg-brand-800 text-white shadow-card' : 'bg-white ring-1 ring-ink-200',
        !phone && 'hidden sm:block',
      )}
    >
      <span className={cx('block text-xs font-semibold', invite ? 'text-marigold-300' : 'text-ink-500')}>{number}</span>
      <span className={cx('mt-1 block text-sm', invite ? 'font-bold' : 'text-ink-600')}>{invite ? 'Your name here' : 'Open'}</span>
    </li>
  );
}
