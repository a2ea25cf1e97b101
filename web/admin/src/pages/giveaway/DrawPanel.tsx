import { API, GIVEAWAY_PRIZE_COUNT } from '@elts/contracts';
import { Button, type Column, DataTable, formatCount, formatDateTime } from '@elts/ui';
import { useState } from 'react';
import { adminOperation } from '../../api/admin-request.js';
import { useAdminAction } from '../../api/use-admin-action.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { Panel } from './Panel.js';
import { type AdminGiveaway, drawBlockers } from './prize-form.js';

type Winner = AdminGiveaway['winners'][number];

const WINNER_COLUMNS: Column<Winner>[] = [
  { key: 'slot', header: 'Prize No.', cell: (w) => w.slot },
  { key: 'prize', header: 'Prize', cell: (w) => w.prize },
  { key: 'name', header: 'Shown as', cell: (w) => w.name },
  { key: 'member', header: 'Member No.', cell: (w) => w.memberNumber },
  { key: 'email', header: 'Email', cell: (w) => w.email },
];

/** What makes the draw repeatable, for anyone who wants to check it (docs/decisions/0019). */
function DrawRecord({ draw }: { draw: NonNullable<AdminGiveaway['draw']> }) {
  const facts: Array<[string, string]> = [
    ['Drawn', formatDateTime(draw.drawnAt)],
    ['Members who passed', formatCount(draw.entrantCount)],
    ['Seed', draw.seed],
    ['Entrant list SHA-256', draw.entrantsDigest],
    ['Method', draw.method],
  ];
  return (
    <dl className="mt-4 grid gap-3 sm:grid-cols-2">
      {facts.map(([term, fact]) => (
        <div key={term} className="min-w-0 rounded-xl bg-ink-50 px-4 py-3">
          <dt className="text-xs font-bold tracking-wide text-ink-600 uppercase">{term}</dt>
          <dd className="mt-1 font-mono text-sm break-all text-ink-950">{fact}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The draw: once, at random from the members who passed, one winner per prize; each winner is mailed and the list
 * goes up on /elts. Asked twice, because it cannot be undone.
 */
export function DrawPanel({ overview }: { overview: AdminGiveaway }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useAdminAction();
  const { draw } = overview;
  const blockers = drawBlockers(overview);

  const drawNow = async () => {
    setConfirming(false);
    await run('draw', () => adminOperation(API.drawGiveaway, {}), 'Failed to draw the winners');
  };

  return (
    <Panel id="draw-title" title="Draw">
      {draw ? (
        <>
          <p className="mt-1 text-ink-600">
            Each winner has been sent an email, and the winners are listed on the public Merch page. The draw can be repeated by anyone from
            its seed and the CSV of members who passed.
          </p>
          <DrawRecord draw={draw} />
          <div className="mt-6">
            <DataTable caption="Winners" columns={WINNER_COLUMNS} rows={overview.winners} rowKey={(w) => String(w.slot)} />
          </div>
        </>
      ) : (
        <>
          <p className="mt-1 text-ink-600">
            Picks one winner for each of the {GIVEAWAY_PRIZE_COUNT} prizes at random from the members who answered correctly (
            {formatCount(overview.counts.passed)} so far); nobody wins twice. It happens once and cannot be undone.
          </p>
          {blockers.length > 0 && (
            <ul
              id="draw-blockers"
              aria-label="Why the draw cannot run yet"
              className="mt-2 grid gap-1 text-sm font-semibold text-amber-800"
            >
              {blockers.map((blocker) => (
                <li key={blocker}>{blocker}</li>
              ))}
            </ul>
          )}
          <Button
            className="mt-4"
            busy={busy === 'draw'}
            disabled={blockers.length > 0}
            aria-describedby={blockers.length > 0 ? 'draw-blockers' : undefined}
            onClick={() => setConfirming(true)}
          >
            Draw winners
          </Button>
          <ConfirmDialog
            open={confirming}
            title="Draw the winners now?"
            confirm="Draw and announce"
            tone="primary"
            onCancel={() => setConfirming(false)}
            onConfirm={drawNow}
          >
            <p>
              The draw happens once. Each winner is sent an email at once and the winners are listed on the public Merch page; the prizes
              can no longer change and no one else can enter.
            </p>
          </ConfirmDialog>
        </>
      )}
    </Panel>
  );
}
