import type { PublicProduct } from '@elts/contracts';
import type { Clock } from '@elts/platform';
import type { Kysely } from 'kysely';
import { publicView } from '../api/views.js';
import { type BoardSection, type BuyTier, composeBoard, type ListPick, pickListMatches } from '../domain/board.js';
import { DropCalendar } from '../domain/drops.js';
import { Matcher } from '../domain/matching/matcher.js';
import { applicableWindow, nextChange } from '../domain/sale-window.js';
import { listProducts, membersLists, type ProductRow, unitsOrderedSince } from '../store/catalog-reads.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { isOnEarlyAccessList } from '../store/early-access.js';
import { findMember } from '../store/members.js';
import type { CatalogDb } from '../store/tables.js';

export interface BoardData {
  products: PublicProduct[];
  sections: Record<BoardSection, string[]>;
  personalised: boolean;
  /** Why a signed-in member got the public board instead of their own. */
  access?: 'subscription_required' | 'early_access_required';
}

export interface BoardOptions {
  dropAnchor: string;
  refreshSeconds: number;
  earlyAccessOnly: boolean;
}

const TRENDING_DAYS = 14;
// Community interest moves slowly; with several instances, another's new orders show within this.
const TRENDING_MAX_AGE_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Everything the boards are made of, read once and kept until something changes. */
interface Snapshot {
  catalogGeneration: number;
  trendingGeneration: number;
  builtAtMs: number;
  /** The business time it was built for, and the next instant a sale window opens or closes. */
  builtFor: Date;
  validUntil: Date;
  views: Map<string, PublicProduct>;
  tiers: Map<string, BuyTier>;
  newest: string[];
  exclusive: string[];
  trending: string[];
  /** Each product in a variant group: the group's enabled versions, primary first (one place on the board). */
  versions: Map<string, string[]>;
  publicBoards: Map<number, { data: BoardData; body: string }>;
  /** The list-item matcher over the enabled products: its matches change only with the catalog, as this does. */
  matcher: Matcher;
}

interface Interest {
  generation: number;
  builtAtMs: number;
  builtFor: Date;
  units: Map<string, number>;
  wanted: Map<string, number>;
}

function tierOf(view: PublicProduct): BuyTier {
  if (view.saleState === 'open') return view.stock > 0 ? 0 : 2;
  return view.saleState === 'upcoming' ? 1 : 3;
}

function cleanItems(items: string[]): string[] {
  const seen = new Set<string>();
  return items
    .map((item) => item.replace(/\s+/g, ' ').trim())
    .filter((item) => {
      const key = item.toLowerCase();
      if (!item || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * How many members want each product: one of their Need or Greed items matches it, by the board's own rule. No time
 * window: a list is a standing want, and the 14-day window bounds the orders only (docs/decisions/0022).
 */
function wantedCounts(lists: string[][], matcher: Matcher): Map<string, number> {
  const counts = new Map<string, number>();
  for (const items of lists) {
    const wanted = new Set(cleanItems(items).flatMap((item) => matcher.matchesOf(item).map((match) => match.productId)));
    for (const id of wanted) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The versions of each variant group in the order `GET /product/{id}/variants` gives them: primary, then oldest. */
function versionsByProduct(rows: ProductRow[]): Map<string, string[]> {
  const groups = new Map<string, ProductRow[]>();
  for (const row of rows) {
    if (!row.variant_group) continue;
    const group = groups.get(row.variant_group) ?? [];
    group.push(row);
    groups.set(row.variant_group, group);
  }
  const versions = new Map<string, string[]>();
  for (const group of groups.values()) {
    const ids = group
      .sort(
        (a, b) =>
          Number(b.is_variant_primary) - Number(a.is_variant_primary) ||
          a.created_at.getTime() - b.created_at.getTime() ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .map((row) => row.id);
    for (const id of ids) versions.set(id, ids);
  }
  return versions;
}

/**
 * The deals board. The visitors' board is the hot path (the public landing of the shop), so it is kept in memory as
 * a ready JSON body and rebuilt only when a product, drop, stock figure or community interest changes, when a sale
 * window opens or closes, or after BOARD_REFRESH_SECONDS (changes made through another instance). A member's board
 * adds one query (their list matches) to the same snapshot.
 */
export class DealsBoard {
  private catalogGeneration = 0;
  private trendingGeneration = 0;
  private snapshot: Snapshot | undefined;
  private building: Promise<Snapshot> | undefined;
  private interest: Interest | undefined;

  constructor(
    private readonly db: Kysely<CatalogDb>,
    private readonly options: BoardOptions,
    private readonly clock: Clock,
  ) {}

  /** Products, drops or stock changed. */
  catalogChanged(): void {
    this.catalogGeneration++;
  }

  /** Orders completed or members' lists changed: trending may move. */
  interestChanged(): void {
    this.trendingGeneration++;
  }

  private fresh(snapshot: Snapshot, now: Date): boolean {
    return (
      snapshot.catalogGeneration === this.catalogGeneration &&
      snapshot.trendingGeneration === this.trendingGeneration &&
      now >= snapshot.builtFor &&
      now < snapshot.validUntil &&
      Date.now() - snapshot.builtAtMs < this.options.refreshSeconds * 1000
    );
  }

  private async current(): Promise<Snapshot> {
    const snapshot = this.snapshot;
    if (snapshot && this.fresh(snapshot, this.clock.now())) return snapshot;
    // Requests arriving during a rebuild share it.
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async interestFor(generation: number, now: Date, matcher: Matcher): Promise<Interest> {
    const known = this.interest;
    const recent = (known: Interest) =>
      Date.now() - known.builtAtMs < TRENDING_MAX_AGE_MS && Math.abs(now.getTime() - known.builtFor.getTime()) < TRENDING_MAX_AGE_MS;
    if (known && known.generation === generation && recent(known)) return known;
    const units = await unitsOrderedSince(this.db, new Date(now.getTime() - TRENDING_DAYS * DAY_MS));
    const wanted = wantedCounts(await membersLists(this.db), matcher);
    this.interest = { generation, builtAtMs: Date.now(), builtFor: now, units, wanted };
    return this.interest;
  }

  private async build(): Promise<Snapshot> {
    const catalogGeneration = this.catalogGeneration;
    const trendingGeneration = this.trendingGeneration;
    const now = this.clock.now();
    const rows = await listProducts(this.db, { enabledOnly: true });
    const calendar = new DropCalendar(this.options.dropAnchor, await loadStoredDrops(this.db));
    const matcher = new Matcher(rows);
    const interest = await this.interestFor(trendingGeneration, now, matcher);

    const views = new Map<string, PublicProduct>();
    const tiers = new Map<string, BuyTier>();
    let validUntil = new Date(now.getTime() + DAY_MS);
    for (const row of rows) {
      const window = applicableWindow({ saleStartAt: row.sale_start_at, saleEndAt: row.sale_end_at, dropId: row.drop_id }, calendar, now);
      const view = publicView(row, window, now);
      views.set(row.id, view);
      tiers.set(row.id, tierOf(view));
      const change = nextChange(window, now);
      if (change && change < validUntil) validUntil = change;
    }
    const newest = rows.map((row) => row.id);
    const rank = new Map(newest.map((id, index) => [id, index]));
    const units = (id: string) => interest.units.get(id) ?? 0;
    const wanted = (id: string) => interest.wanted.get(id) ?? 0;
    const trending = newest
      .filter((id) => units(id) > 0 || wanted(id) > 0)
      .sort((a, b) => units(b) - units(a) || wanted(b) - wanted(a) || (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    const snapshot: Snapshot = {
      catalogGeneration,
      trendingGeneration,
      builtAtMs: Date.now(),
      builtFor: now,
      validUntil,
      views,
      tiers,
      newest,
      exclusive: rows.filter((row) => row.exclusive).map((row) => row.id),
      trending,
      versions: versionsByProduct(rows),
      publicBoards: new Map(),
      matcher,
    };
    this.snapshot = snapshot;
    return snapshot;
  }

  private compose(snapshot: Snapshot, lists: ListPick[], limit: number, personalised: boolean): BoardData {
    const { entries, sections } = composeBoard(
      {
        lists,
        trending: snapshot.trending,
        exclusive: snapshot.exclusive,
        newest: snapshot.newest,
        versionsOf: (id) => snapshot.versions.get(id),
      },
      (id) => snapshot.tiers.get(id) ?? 3,
      limit,
      { publicBoard: !personalised },
    );
    const products = entries.map((entry) => ({
      ...(snapshot.views.get(entry.productId) as PublicProduct),
      section: entry.section,
      ...(entry.matchedItem ? { matchedItem: entry.matchedItem, matchedList: entry.matchedList } : {}),
    }));
    return { products, sections, personalised };
  }

  private async publicBoard(limit: number): Promise<{ data: BoardData; body: string }> {
    const snapshot = await this.current();
    let board = snapshot.publicBoards.get(limit);
    if (!board) {
      const data = this.compose(snapshot, [], limit, false);
      board = { data, body: JSON.stringify({ is_success: true, data }) };
      snapshot.publicBoards.set(limit, board);
    }
    return board;
  }

  /** The non-personalised board (trending, then exclusive launches, then the newest), as a ready response body. */
  async visitorBody(limit: number): Promise<string> {
    return (await this.publicBoard(limit)).body;
  }

  /** An active subscriber's own board; anyone else signed in gets the public one and the reason. */
  async forMember(memberId: string, limit: number): Promise<BoardData> {
    const member = await findMember(this.db, memberId);
    const now = this.clock.now();
    const active = member?.subscription_status === 'active' && (!member.subscription_valid_until || member.subscription_valid_until > now);
    if (!member || !active) return { ...(await this.publicBoard(limit)).data, access: 'subscription_required' };
    if (this.options.earlyAccessOnly && !(await this.onEarlyAccessList(member.email))) {
      return { ...(await this.publicBoard(limit)).data, access: 'early_access_required' };
    }
    const need = cleanItems(member.need_list);
    const greed = cleanItems(member.greed_list);
    const snapshot = await this.current();
    const matches = [...need, ...greed].map((item) => snapshot.matcher.matchesOf(item).map((match) => match.productId));
    const visible = matches.map((ids) => ids.filter((id) => snapshot.views.has(id)));
    const slotOf = (id: string) => snapshot.versions.get(id)?.[0] ?? id;
    return this.compose(snapshot, pickListMatches(need, greed, visible, undefined, slotOf), limit, true);
  }

  private async onEarlyAccessList(email: string | null): Promise<boolean> {
    if (!email) return false;
    return isOnEarlyAccessList(this.db, email);
  }
}
