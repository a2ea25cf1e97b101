import { API, COPY, NO_GIVEAWAY_RESULTS } from '@elts/contracts';
import { Link } from '@elts/router';
import { Button, buttonClasses, Card, callOperation, formatCount, PrizeGrid, readMemberSession } from '@elts/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sectionHref } from '../screens/profile-sections.js';
import { GiveawayTermsModal } from './GiveawayTermsModal.js';
import { giveawayView } from './giveaway-state.js';

/**
 * The giveaway block: the prizes operators set (each with its winner after the draw) and, depending on the member,
 * ENTER NOW, SUBSCRIBE NOW or their result.
 */
export function GiveawayBlock() {
  const [termsOpen, setTermsOpen] = useState(false);
  const status = useQuery({
    queryKey: ['giveaway'],
    queryFn: ({ signal }) => callOperation(API.memberGiveaway, {}, { token: readMemberSession().token, signal }),
  });
  // The prizes and winners are public (the /elts Merch page shows them too).
  const results = useQuery({
    queryKey: ['giveaway', 'results'],
    queryFn: async ({ signal }) => (await callOperation(API.giveawayResults, {}, { signal })).data ?? NO_GIVEAWAY_RESULTS,
  });
  const view = status.data ? giveawayView(status.data) : undefined;
  const prizes = results.data?.prizes ?? [];

  return (
    <Card as="section" aria-labelledby="giveaway-title">
      <h2 id="giveaway-title" className="font-display text-2xl font-extrabold text-ink-950">
        To the member goes the Spoels!
      </h2>
      {prizes.length > 0 ? (
        <PrizeGrid prizes={prizes} winners={results.data?.winners} className="mt-4" />
      ) : (
        results.isSuccess && <p className="mt-4 text-ink-700">{COPY.giveaway.prizesSoon}</p>
      )}
      <div className="mt-6">
        {(status.isError || results.isError) && (
          <p role="alert" className="flex flex-wrap items-center gap-3 text-red-700">
            Failed to load the giveaway.
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                void status.refetch();
                void results.refetch();
              }}
            >
              Try Again
            </Button>
          </p>
        )}
        {(view?.kind === 'won' || view?.kind === 'entered') && <p className="font-semibold text-emerald-800">{view.message}</p>}
        {view?.kind === 'missed' && <p className="font-semibold text-red-700">{view.message}</p>}
        {view?.kind === 'closed' && <p className="font-semibold text-ink-800">{view.message}</p>}
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
