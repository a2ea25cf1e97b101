import { MEMBER_CAPS } from '@elts/contracts';
import { BRAND, Button, cx, ErrorState, formatCount, LoadingState } from '@elts/ui';
import { useSignIn } from '../../session/SignIn.js';
import { ComingSoonBadge } from './ComingSoonBadge.js';
import { usePublicWall, type WallNames } from './use-public-wall.js';

/** The wall always shows at least this many places: the members' names first, then open places after them. */
const PLACES = 24;

const plateNumber = (memberNumber: number) => `#${String(memberNumber).padStart(5, '0')}`;

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
        <WallPlaces />
      </div>
    </section>
  );
}

function WallPlaces() {
  const { wall, retry } = usePublicWall();
  if (wall.state === 'loading') return <LoadingState message="Loading the wall..." />;
  if (wall.state === 'failed') return <ErrorState message="Failed to load the wall. Please try again." onRetry={retry} />;
  const { names, total } = wall;
  // Open places are numbered on from the last name shown (hidden members leave gaps in the numbers, not in the wall).
  const nextNumber = (names.at(-1)?.member_number ?? 0) + 1;
  const open = Array.from({ length: Math.max(0, PLACES - names.length) }, (_, index) => nextNumber + index);
  return (
    <div>
      <ul aria-label="Places on the wall" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {names.map((entry, index) => (
          <NamePlate key={entry.member_number} entry={entry} phone={index < 12} />
        ))}
        {open.map((number, index) => (
          <OpenPlate key={number} number={number} invite={index % 5 === 1} phone={names.length + index < 12} />
        ))}
      </ul>
      {total > names.length && (
        <p className="mt-4 text-center text-ink-700">and {formatCount(total - names.length)} more members on the wall</p>
      )}
    </div>
  );
}

const plateClasses = (tone: string, phone: boolean) => cx('rounded-xl px-3 py-4 text-center', tone, !phone && 'hidden sm:block');

/** A member's place: their number and their first name and last initial. A phone shows the first 12 places. */
function NamePlate({ entry, phone }: { entry: WallNames[number]; phone: boolean }) {
  return (
    <li className={plateClasses('bg-brand-50 ring-1 ring-brand-100', phone)}>
      <span className="block text-xs font-semibold text-brand-700">{plateNumber(entry.member_number)}</span>
      <span className="mt-1 block truncate text-sm font-semibold text-ink-900">{entry.name}</span>
    </li>
  );
}

/** A place still open, every fifth inviting the reader to take it. */
function OpenPlate({ number, invite, phone }: { number: number; invite: boolean; phone: boolean }) {
  return (
    <li className={plateClasses(invite ? 'bg-brand-800 text-white shadow-card' : 'bg-white ring-1 ring-ink-200', phone)}>
      <span className={cx('block text-xs font-semibold', invite ? 'text-marigold-300' : 'text-ink-500')}>{plateNumber(number)}</span>
      <span className={cx('mt-1 block text-sm', invite ? 'font-bold' : 'text-ink-600')}>{invite ? 'Your name here' : 'Open'}</span>
    </li>
  );
}
