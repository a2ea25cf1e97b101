import { API, COPY, NO_GIVEAWAY_RESULTS, type OperationTable, type ResponseOf } from '@elts/contracts';
import { Card, ErrorState, formatDate, LoadingState, PrizeGrid, WinnersList } from '@elts/ui';
import { usePublicAnswer } from './use-public-answer.js';

const readResults = (envelope: ResponseOf<OperationTable['giveawayResults']>) => envelope.data ?? NO_GIVEAWAY_RESULTS;

/** The giveaway's prizes and, once drawn, its winners: the public announcement on the Merch page. */
export function GiveawayResults() {
  const { answer, retry } = usePublicAnswer(API.giveawayResults, {}, readResults);
  return (
    <Card as="section" aria-labelledby="giveaway-results-title" className="mt-8">
      <h2 id="giveaway-results-title" className="font-display text-2xl font-extrabold text-ink-950">
        {answer.state === 'loaded' && answer.winners.length > 0 ? 'The winners' : 'The prizes'}
      </h2>
      {answer.state === 'loading' && <LoadingState message="Loading the giveaway..." />}
      {answer.state === 'failed' && <ErrorState message="Failed to load the giveaway. Please try again." onRetry={retry} />}
      {answer.state === 'loaded' && (
        <>
          {answer.winners.length > 0 && (
            <>
              {answer.drawn_at && <p className="mt-2 text-ink-700">Drawn on {formatDate(answer.drawn_at)}, one winner for each prize.</p>}
              <WinnersList winners={answer.winners} className="mt-4" />
              <h3 className="mt-8 text-lg font-bold text-ink-950">The prizes</h3>
            </>
          )}
          {answer.prizes.length > 0 ? (
            <PrizeGrid prizes={answer.prizes} className="mt-4" />
          ) : (
            <p className="mt-2 text-ink-700">{COPY.giveaway.prizesSoon}</p>
          )}
        </>
      )}
    </Card>
  );
}
