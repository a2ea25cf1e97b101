import { indianDateTime, identityOperations as ops, todayInIndia } from '@elts/contracts';
import { type AppEnv, adminsOnly, csvDownload, type EventStore, mount, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import type { IdentityContext } from '../commands/context.js';
import { type DrawRules, drawGiveaway } from '../commands/giveaway-draw.js';
import { type PrizeRules, setGiveawayPrizes } from '../commands/giveaway-prizes.js';
import {
  type EntryFilter,
  entriesWithMembers,
  entryCounts,
  giveawayDraw,
  giveawayPrizes,
  giveawayWinners,
} from '../store/giveaway-reads.js';
import type { IdentityDb } from '../store/tables.js';

/** What the giveaway's admin routes use: the event store, and the prizes' and the draw's rules. */
interface GiveawayAdminDeps {
  events: EventStore<IdentityDb>;
  prizes: PrizeRules;
  draw: DrawRules;
}

const CSV_BATCH = 1000;
const ENTRY_CSV_COLUMNS = ['Member ID', 'Member Number', 'Name', 'Email', 'Entered (India time)', 'Entered At (UTC)', 'Result'];

type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesWithMembers>['execute']>>[number];

const entryView = (row: EntryRow) => ({
  memberId: row.member_id,
  memberNumber: row.member_number,
  name: `${row.firstname} ${row.lastname}`.trim(),
  email: row.email,
  enteredAt: row.entered_at.toISOString(),
  passed: row.passed,
});

/** Rows after `after` in the draw's order (when entered, then member id). */
function entriesAfter(deps: GiveawayAdminDeps, filter: EntryFilter, after: EntryRow | undefined) {
  let query = entriesWithMembers(deps.events.db, filter);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('giveaway_entries.entered_at', '>', after.entered_at),
        eb.and([eb('giveaway_entries.entered_at', '=', after.entered_at), eb('giveaway_entries.member_id', '>', after.member_id)]),
      ]),
    );
  return query.limit(CSV_BATCH).execute();
}

/** The back office's Giveaway page: prizes, entries with their counts and CSV, and the one draw (docs/decisions/0019). */
export function giveawayAdminRoutes(context: IdentityContext) {
  const { events, members, mail, publicUrl, settings } = context;
  const deps: GiveawayAdminDeps = {
    events,
    prizes: { events, catalog: context.catalog },
    draw: { events, members, mail, opensAtMembers: settings.GIVEAWAY_OPENS_AT_MEMBERS, publicUrl },
  };
  const db = deps.events.db;
  // Every operation here checks for an admin session before it reads anything; these keep an unknown path under
  // /admin/giveaway from telling anyone else that it does not exist.
  const app = new Hono<AppEnv>().use('/admin/giveaway', adminsOnly).use('/admin/giveaway/*', adminsOnly);
  mount(app, ops.adminGiveaway, async (c) => {
    const [prizes, draw, winners, counts, members] = await Promise.all([
      giveawayPrizes(db),
      giveawayDraw(db),
      giveawayWinners(db),
      entryCounts(db),
      deps.draw.members.count(),
    ]);
    return c.json({
      is_success: true,
      data: {
        prizes,
        counts,
        // Open to entries: the member count reached, and no draw yet (the member's own answer says the same).
        open: members >= deps.draw.opensAtMembers && !draw,
        opensAtMembers: deps.draw.opensAtMembers,
        members,
        draw: draw
          ? {
              seed: draw.seed,
              method: draw.method,
              entrantCount: draw.entrant_count,
              entrantsDigest: draw.entrants_digest,
              drawnAt: draw.drawn_at.toISOString(),
              drawnBy: draw.drawn_by,
            }
          : null,
        winners,
      },
    });
  });
  mount(app, ops.setGiveawayPrizes, async (c) => {
    const admin = requireAdmin(c);
    const prizes = await setGiveawayPrizes(deps.prizes, admin.id, c.req.valid('json'));
    return c.json({ is_success: true, message: 'Prizes saved', data: { prizes } });
  });
  mount(app, ops.giveawayEntries, async (c) => {
    const { page, limit, result: filter } = c.req.valid('query');
    const [rows, counts] = await Promise.all([
      entriesWithMembers(db, filter)
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      entryCounts(db),
    ]);
    const total = filter === 'all' ? counts.total : counts[filter];
    const totalPages = Math.max(1, Math.ceil(total / limit));
    return c.json({
      is_success: true,
      data: rows.map(entryView),
      counts,
      pagination: { currentPage: page, totalPages, totalCount: total, limit, hasPrev: page > 1, hasNext: page < totalPages },
    });
  });
  mount(app, ops.exportGiveawayEntries, (c) => {
    const filter = c.req.valid('query').result;
    return csvDownload<EntryRow>({
      fileName: `giveaway-entries_${todayInIndia()}.csv`,
      header: ENTRY_CSV_COLUMNS,
      batchSize: CSV_BATCH,
      readBatch: (after) => entriesAfter(deps, filter, after),
      cells: (row) => [
        row.member_id,
        row.member_number,
        `${row.firstname} ${row.lastname}`.trim(),
        row.email,
        indianDateTime(row.entered_at),
        row.entered_at.toISOString(),
        row.passed ? 'Passed' : 'Failed',
      ],
    });
  });
  mount(app, ops.drawGiveaway, async (c) => {
    const admin = requireAdmin(c);
    const drawn = await drawGiveaway(deps.draw, admin.id);
    return c.json({ is_success: true, message: 'The winners are drawn, and each has been sent an email.', data: drawn }, 201);
  });
  return app;
}
