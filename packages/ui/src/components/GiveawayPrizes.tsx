import { useState } from 'react';
import { cx } from '../cx.js';

/** A giveaway prize as `GET /user/giveaway/results` gives it. */
export interface PrizeView {
  slot: number;
  name: string;
  description: string;
  imageUrl: string | null;
}

/** A prize's winner as the public list names them (first name and last initial, or a member number). */
export interface WinnerView {
  slot: number;
  prize: string;
  name: string;
}

const slotLabel = (slot: number) => String(slot).padStart(2, '0');

/** The prize's picture, or its number on a tinted square when it has none or it does not load. */
function PrizePicture({ prize }: { prize: PrizeView }) {
  const [failed, setFailed] = useState(false);
  if (!prize.imageUrl || failed)
    return (
      <span
        aria-hidden="true"
        className="grid aspect-square place-items-center bg-marigold-100 font-display text-2xl font-extrabold text-marigold-900"
      >
        {slotLabel(prize.slot)}
      </span>
    );
  // The name beside it says what the prize is: the picture adds nothing a screen reader needs.
  return (
    <img
      src={prize.imageUrl}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="aspect-square w-full bg-white object-contain"
    />
  );
}

/**
 * The giveaway's prizes, numbered as they are drawn. `winners` (after the draw) puts each winner's name under their
 * prize. Two columns on a phone, up to six on a laptop.
 */
export function PrizeGrid({
  prizes,
  winners = [],
  className,
}: {
  prizes: readonly PrizeView[];
  winners?: readonly WinnerView[];
  className?: string;
}) {
  return (
    <ul aria-label="Prizes" className={cx('grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6', className)}>
      {prizes.map((prize) => {
        const winner = winners.find((candidate) => candidate.slot === prize.slot);
        return (
          <li key={prize.slot} className="flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-ink-200">
            <PrizePicture prize={prize} />
            <div className="flex flex-1 flex-col gap-1 p-3">
              <span className="text-xs font-bold text-marigold-800">Prize {slotLabel(prize.slot)}</span>
              <span className="text-sm leading-snug font-bold break-words text-ink-950">{prize.name}</span>
              {prize.description && <span className="text-xs break-words text-ink-600">{prize.description}</span>}
              {winner && <span className="mt-auto pt-2 text-sm font-semibold text-emerald-800">Won by {winner.name}</span>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The winners, prize by prize: the public announcement. */
export function WinnersList({ winners, className }: { winners: readonly WinnerView[]; className?: string }) {
  return (
    <ol aria-label="Winners" className={cx('grid gap-2 sm:grid-cols-2', className)}>
      {winners.map((winner) => (
        <li key={winner.slot} className="flex items-center gap-3 rounded-xl bg-brand-50 px-4 py-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-800 text-sm font-bold text-white">
            {slotLabel(winner.slot)}
          </span>
          <span className="min-w-0">
            <span className="block font-bold break-words text-ink-950">{winner.name}</span>
            <span className="block text-sm break-words text-ink-700">{winner.prize}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
