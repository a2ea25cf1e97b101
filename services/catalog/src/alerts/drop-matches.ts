import { type MatchableProduct, Matcher } from '../domain/matching/matcher.js';

/** A member's lists, as the catalog keeps them from identity's events. */
export interface MemberLists {
  memberId: string;
  need: string[];
  greed: string[];
}

export interface DropMatch {
  list: 'need' | 'greed';
  item: string;
  productName: string;
}

/** What identity's `/internal/drop-alerts` takes per member: at most 15 products (a drop's size). */
const MAX_MATCHES = 15;

/**
 * Each member's products of a drop, by the board's own rule (decision 0099): every product matching one of their
 * items, named once with the first item that found it, Need items before Greed items. Members with nothing on
 * their lists in the drop are left out, so no one is sent an empty message (decision 0088). The matcher is made once
 * for the drop and remembers each item, and members' items repeat, so 50,000 members cost little more than their
 * distinct items.
 */
export function dropMatchesByMember(members: MemberLists[], products: MatchableProduct[]): { memberId: string; matches: DropMatch[] }[] {
  const matcher = new Matcher(products);
  const names = new Map(products.map((product) => [product.id, product.name]));
  const found: { memberId: string; matches: DropMatch[] }[] = [];
  for (const member of members) {
    const taken = new Set<string>();
    const matches: DropMatch[] = [];
    const items = [...member.need.map((item) => ['need', item] as const), ...member.greed.map((item) => ['greed', item] as const)];
    for (const [list, item] of items) {
      for (const match of matcher.matchesOf(item)) {
        if (taken.has(match.productId) || matches.length >= MAX_MATCHES) continue;
        taken.add(match.productId);
        matches.push({ list, item: item.trim(), productName: names.get(match.productId) ?? '' });
      }
    }
    if (matches.length > 0) found.push({ memberId: member.memberId, matches });
  }
  return found;
}
