import { Link } from '@elts/router';
import { apiRequest, Button, buttonClasses, Card, formatCount, readMemberSession } from '@elts/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sectionHref } from '../screens/profile-sections.js';
import { GiveawayTermsModal } from './GiveawayTermsModal.js';
import { type GiveawayAnswer, giveawayView } from './giveaway-state.js';

// Twelve products, one winner each (spec section 9); what they are is revealed when the giveaway opens.
const PRIZES = Array.from({ length: 12 }, (_, index) => `Prize ${String(index + 1).padStart(2, '0')}`);

/** The giveaway block: its prize grid and, depending on the member, ENTER NOW, SUBSCRIBE NOW or their result. */
export function GiveawayBlock() {
  const [termsOpen, setTermsOpen] = useState(false);
  const status = useQuery({
    queryKey: ['giveaway'],
    queryFn: async ({ signal }) => (await apiRequest('/user/giveaway', { token: readMemberSession().token, signal })) as GiveawayAnswer,
  });
  const view = status.data ? giveawayView(status.data) : undefined;

  return (
    <Card as="section" aria-labelledby="giveaway-title">
      <h2 id="giveaway-title" className="font-display text-2xl font-extrabold text-ink-950">
        To the member goes the Spoels!
      </h2>
      <ul aria-label="Prizes" className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {PRIZES.map((prize) => (
          <li key={prize} className="grid h-16 place-items-center rounded-xl bg-marigold-100 text-sm font-bold text-marigold-900">
            {prize}
          </li>
        ))}
      </ul>
      <div className="mt-6">
        {status.isError && (
          <p role="alert" className="flex flex-wrap items-center gap-3 text-red-700">
            Failed to load the giveaway.
            <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
              Try Again
            </Button>
          </p>
        )}
        {view?.kind === 'entered' && <p className="font-semibold text-emerald-800">{view.message}</p>}
        {view?.kind === 'missed' && <p className="font-semibold text-red-700">{view.message}</p>}
        {view?.kind === 'subscribe' && (
          <Link to={sectionHref('subscription')} className={buttonClasses('primary')}>
            SUBSCRIBE NOW
          </Link>
        )}
        {view?.kind === 'enter' && (
          <div className="flex flex-wrap items-center gap-4">
            <Button onClick={() => setTermsOpen(true)} disabled={!view.open}>
              ENTER NOW
            </Button>
            {!view.open && (
              <p className="text-sm text-ink-600">
                The giveaway opens once the community reaches its goal: {formatCount(view.membersNeeded)} more members to go.
              </p>
            )}
          </div>
        )}
      </div>
      <GiveawayTermsModal open={termsOpen} onClose={() => setTermsOpen(false)} onEntered={() => void status.refetch()} />
    </Card>
  );
}
