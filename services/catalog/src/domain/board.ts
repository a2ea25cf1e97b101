import { DEALS_BOARD } from '@elts/contracts';

/**
 * The deals board's composition, as pure data: at most 15 products in three sections of 5 (the member's lists,
 * trending community deals, exclusive launches), no product twice, a short section made up from the others, and
 * products that can be bought now first. The versions of one product (a variant group: sizes, colours, capacities)
 * share one place and one card, whose detail offers the others (docs/decisions/0022).
 */
export type BoardSection = 'lists' | 'trending' | 'exclusive' | 'newest';

export interface BoardCandidates {
  /** List matches in order of preference (need items before greed items), each with the item that matched. */
  lists: ListPick[];
  /** Products with community interest, most ordered (then most wanted) first. */
  trending: string[];
  /** Exclusive launches, newest first. */
  exclusive: string[];
  /** Every enabled product, newest first: the last source for filling. */
  newest: string[];
  /**
   * The enabled versions of a product in a variant group, itself included, the group's primary first; undefined for
   * a product on its own.
   */
  versionsOf?: (productId: string) => readonly string[] | undefined;
}

export interface BoardEntry {
  productId: string;
  section: BoardSection;
  matchedItem?: string;
  matchedList?: ListName;
}

export type ListName = 'need' | 'greed';

/** A product taken for a member's list item, and which list the item is on (the reason the board shows). */
export interface ListPick {
  productId: string;
  matchedItem: string;
  matchedList: ListName;
}

/** 0 buyable now, 1 sale not started, 2 out of stock, 3 sale over or unscheduled. */
export type BuyTier = 0 | 1 | 2 | 3;

/**
 * A member's board fills a short section from the other sections first (list matches, trending, exclusive) and
 * from the newest products last. The public board has no lists section: the newest products take its five places.
 */
export function composeBoard(
  candidates: BoardCandidates,
  tierOf: (productId: string) => BuyTier,
  limit: number = DEALS_BOARD.maxItems,
  options: { publicBoard?: boolean } = {},
) {
  const size = Math.max(0, Math.min(limit, DEALS_BOARD.maxItems));
  const versions = (productId: string) => candidates.versionsOf?.(productId) ?? [productId];
  const slotOf = (productId: string) => versions(productId)[0] ?? productId;
  // Keyed by slot: a variant group's versions all stand for one place.
  const chosen = new Map<string, BoardEntry>();
  const sources: [BoardSection, BoardEntry[]][] = [
    ['lists', candidates.lists.map((match) => ({ ...match, section: 'lists' }))],
    ['trending', candidates.trending.map((productId) => ({ productId, section: 'trending' }))],
    ['exclusive', candidates.exclusive.map((productId) => ({ productId, section: 'exclusive' }))],
    ['newest', candidates.newest.map((productId) => ({ productId, section: 'newest' }))],
  ];
  const quota: Record<BoardSection, number> = {
    lists: DEALS_BOARD.fromLists,
    trending: DEALS_BOARD.trending,
    exclusive: DEALS_BOARD.exclusive,
    newest: options.publicBoard ? DEALS_BOARD.fromLists : 0,
  };
  const take = (entries: BoardEntry[], count: number) => {
    let taken = 0;
    for (const entry of entries) {
      if (taken >= count || chosen.size >= DEALS_BOARD.maxItems) return;
      const slot = slotOf(entry.productId);
      if (chosen.has(slot)) continue;
      chosen.set(slot, entry);
      taken++;
    }
  };
  // Each section first takes its own five; then whatever is short is made up from the others, in section order.
  for (const [section, entries] of sources) take(entries, quota[section]);
  for (const [, entries] of sources) take(entries, DEALS_BOARD.maxItems - chosen.size);

  // The card shows the version one can buy soonest, the group's primary among equals (its detail offers the rest).
  const shown = (entry: BoardEntry): BoardEntry => {
    const options = versions(entry.productId);
    if (options.length < 2) return entry;
    const best = options.reduce((pick, option) => (tierOf(option) < tierOf(pick) ? option : pick));
    return { ...entry, productId: best };
  };
  const ordered = [...chosen.values()].map(shown);
  const rank = new Map(ordered.map((entry, index) => [entry.productId, index]));
  ordered.sort((a, b) => tierOf(a.productId) - tierOf(b.productId) || (rank.get(a.productId) ?? 0) - (rank.get(b.productId) ?? 0));
  const entries = ordered.slice(0, size);
  const sections: Record<BoardSection, string[]> = { lists: [], trending: [], exclusive: [], newest: [] };
  for (const entry of entries) sections[entry.section].push(entry.productId);
  return { entries, sections };
}

/**
 * Picks list matches: need items before greed items; within each list, the items take turns (each gets its best
 * match not yet taken, then each its second best...), so one broad item ("electronics") cannot crowd out the rest.
 * `matches[i]` holds the products matching item i of `need` followed by `greed`, best first. `slotOf` names the place
 * a product takes on the board (its variant group's, for a version of a product), so two items never take one.
 */
export function pickListMatches(
  need: string[],
  greed: string[],
  matches: string[][],
  count: number = DEALS_BOARD.maxItems,
  slotOf: (productId: string) => string = (productId) => productId,
): ListPick[] {
  const picked: ListPick[] = [];
  const used = new Set<string>();
  const items = [...need, ...greed];
  const turns = (from: number, to: number) => {
    const cursors = new Map<number, number>();
    let progressed = true;
    while (picked.length < count && progressed) {
      progressed = false;
      for (let i = from; i < to && picked.length < count; i++) {
        const list = matches[i] ?? [];
        let cursor = cursors.get(i) ?? 0;
        while (cursor < list.length && used.has(slotOf(list[cursor] as string))) cursor++;
        const next = list[cursor];
        cursors.set(i, cursor + 1);
        if (next === undefined) continue;
        used.add(slotOf(next));
        picked.push({ productId: next, matchedItem: items[i] as string, matchedList: i < need.length ? 'need' : 'greed' });
        progressed = true;
      }
    }
  };
  turns(0, need.length);
  turns(need.length, items.length);
  return picked;
}
