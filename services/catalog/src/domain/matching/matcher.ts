import { FILLER_WORDS, IMPLIED_KINDS, MEASURE_WORDS, QUALIFIER_WORDS, SYNONYM_GROUPS } from './synonyms.js';
import { typosAllowed, withinTypos, wordsOf } from './words.js';

/**
 * One rule for whether a product is what a list item asks for, used by the deals board and by the drop alerts
 * (docs/decisions/0099). An item matches a product when the word saying what kind of thing it wants (its last word
 * before any "for", "with", "by"...: "shoes" in "running shoes for men") is found in the product's name, brand,
 * category or implied kind, and at least half of its words are. Words are whole words ("pack" is not "backpack"),
 * compared in the singular, joined or split as the catalogue writes them ("air fryer" finds "Airfryer"), with small
 * typos forgiven in words no product uses, and through the curated table of Indian names (synonyms.ts).
 */

export interface MatchableProduct {
  id: string;
  name: string;
  brand: string;
  category: string;
  /** For items with a budget ("phone under 20000"). */
  pricePaise?: number;
}

/** How a match was made, for the alert's explanation and the tests. */
export type MatchVia = 'synonym' | 'joined' | 'typo' | 'kind' | 'category';

export interface ProductMatch {
  productId: string;
  /** 0 to 1: the share of the item's words found, less a little for each typo, synonym or category-only match. */
  score: number;
  via: MatchVia[];
}

/** Where a product's word comes from: its own words, two of them written as one, its implied kind, its category. */
type Source = 'word' | 'pair' | 'kind' | 'category';
const SOURCE_RANK: Record<Source, number> = { word: 0, pair: 1, kind: 2, category: 3 };

interface IndexedProduct {
  id: string;
  pricePaise: number | undefined;
  forms: Map<string, Source>;
}

interface Variant {
  words: string[];
  weights: number[];
  /** Where the words saying what the item asks for end (the rest qualify it). */
  coreLength: number;
  synonym: boolean;
  /** The most the member will pay, in paise, when the item says so. */
  budgetPaise: number | undefined;
}

// "under 20000", "below Rs 15,000", "within 20k", "upto ₹999".
const BUDGET = /\b(?:under|below|within|upto|up to|less than)\s*(?:rs\.?|inr|₹)?\s*(\d[\d,]*)\s*(k\b)?/;

/** The budget an item states, in paise, and the item without it. */
function budgetOf(text: string): { text: string; budgetPaise: number | undefined } {
  const found = BUDGET.exec(text);
  if (!found) return { text, budgetPaise: undefined };
  const rupees = Number((found[1] as string).replace(/,/g, '')) * (found[2] ? 1000 : 1);
  return { text: text.replace(found[0], ' '), budgetPaise: rupees * 100 };
}

const MAX_VARIANTS = 24;
// Members' items repeat ("headphones", "air fryer"); past this many distinct ones the cache starts over.
const MAX_CACHED_ITEMS = 20_000;
const MIN_COVERAGE = 0.5;
const KNOWN_MISS_EXTRA = 0.5;

function addForm(forms: Map<string, Source>, form: string, source: Source) {
  const known = forms.get(form);
  if (known === undefined || SOURCE_RANK[source] < SOURCE_RANK[known]) forms.set(form, source);
}

function addPhrase(forms: Map<string, Source>, words: string[], source: Source, pairSource: Source) {
  words.forEach((word, index) => {
    addForm(forms, word, source);
    const next = words[index + 1];
    if (next !== undefined) addForm(forms, word + next, pairSource);
  });
}

function containsPhrase(words: string[], phrase: string[]): boolean {
  return words.some((_, start) => phrase.every((word, offset) => words[start + offset] === word));
}

const IMPLIED = IMPLIED_KINDS.map(([when, kind]) => [wordsOf(when), wordsOf(kind)] as const);

function indexProduct(product: MatchableProduct): IndexedProduct {
  const forms = new Map<string, Source>();
  const own = wordsOf(`${product.name} ${product.brand}`);
  const category = wordsOf(product.category).filter((word) => !FILLER_WORDS.has(word));
  addPhrase(forms, own, 'word', 'pair');
  addPhrase(forms, category, 'category', 'category');
  for (const [when, kind] of IMPLIED) {
    if (containsPhrase(own, when) || containsPhrase(category, when)) addPhrase(forms, kind, 'kind', 'kind');
  }
  return { id: product.id, pricePaise: product.pricePaise, forms };
}

/** Each synonym group as word lists, a name of several words also written as one ("power bank", "powerbank"). */
const GROUPS: string[][][] = SYNONYM_GROUPS.map((group) => {
  const names = group.map(wordsOf);
  const joined = names.filter((words) => words.length > 1).map((words) => [words.join('')]);
  const seen = new Set<string>();
  return [...names, ...joined].filter((words) => {
    const key = words.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
});

/** Every name the synonym table knows, so that a word in it is never taken for another's typo. */
const SYNONYM_WORDS = new Set(GROUPS.flat(2));

interface Written {
  words: string[];
  /**
   * What each word counts for in the share of the item found: 1, or for a name put in by the synonym table, the
   * words it replaces shared among its own ("noise cancelling TWS" asks three things, not five, when TWS is written
   * "true wireless earbuds").
   */
  weights: number[];
  synonym: boolean;
}

/** A measure ("litre" in "5 litre") says nothing the number beside it does not: it counts for nothing. */
function weightOf(word: string): number {
  return MEASURE_WORDS.has(word) ? 0 : 1;
}

/** The item written every way the synonym table allows, longest names first, its own way first. */
function variantsOf(words: string[]): Written[] {
  let variants: Written[] = [{ words: [], weights: [], synonym: false }];
  const extend = (variant: Written, added: string[], replaced: number, synonym: boolean): Written => ({
    words: [...variant.words, ...added],
    weights: [...variant.weights, ...added.map((word) => (replaced / added.length) * weightOf(word))],
    synonym: variant.synonym || synonym,
  });
  let index = 0;
  while (index < words.length) {
    let best: { length: number; group: string[][] } | undefined;
    for (const group of GROUPS) {
      for (const name of group) {
        const fits = name.every((word, offset) => words[index + offset] === word);
        if (fits && (!best || name.length > best.length)) best = { length: name.length, group };
      }
    }
    const length = best?.length ?? 1;
    const own = words.slice(index, index + length);
    const others = (best?.group ?? []).filter((name) => name.join(' ') !== own.join(' '));
    const next: Written[] = [];
    for (const variant of variants) {
      next.push(extend(variant, own, length, false));
      for (const name of others) next.push(extend(variant, name, length, true));
    }
    variants = next.slice(0, MAX_VARIANTS);
    index += length;
  }
  return variants;
}

/** Joins two neighbouring words the synonym table knows as one ("ear buds" is "earbuds"). */
function joinKnownNames(words: string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    const next = words[index + 1];
    if (next !== undefined && SYNONYM_WORDS.has(word + next)) {
      joined.push(word + next);
      index++;
    } else joined.push(word);
  }
  return joined;
}

/** Splits an item into what it asks for and what qualifies it ("shoes" / "running" in "shoes for running"). */
function partsOf(item: string): Variant[] {
  const { text, budgetPaise } = budgetOf(item);
  const words = joinKnownNames(wordsOf(text));
  const cut = words.findIndex((word, index) => index > 0 && QUALIFIER_WORDS.has(word));
  const core = (cut < 0 ? words : words.slice(0, cut)).filter((word) => !FILLER_WORDS.has(word));
  const rest = (cut < 0 ? [] : words.slice(cut)).filter((word) => !FILLER_WORDS.has(word));
  return variantsOf(core).map((variant) => ({
    words: [...variant.words, ...rest],
    weights: [...variant.weights, ...rest.map(weightOf)],
    coreLength: variant.words.length,
    synonym: variant.synonym,
    budgetPaise,
  }));
}

export class Matcher {
  private readonly products: IndexedProduct[];
  private readonly vocabulary = new Set<string>();
  private readonly cache = new Map<string, ProductMatch[]>();
  private readonly known = new Map<string, boolean>();

  /** `products` in the order ties are broken in (the board gives the newest first). */
  constructor(products: readonly MatchableProduct[]) {
    this.products = products.map(indexProduct);
    for (const product of this.products) for (const form of product.forms.keys()) this.vocabulary.add(form);
  }

  /** The products matching one list item, best first. */
  matchesOf(item: string): ProductMatch[] {
    const key = item.toLowerCase().replace(/\s+/g, ' ').trim();
    const cached = this.cache.get(key);
    if (cached) return cached;
    const variants = partsOf(key);
    const found: ProductMatch[] = [];
    for (const product of this.products) {
      let best: ProductMatch | undefined;
      for (const variant of variants) {
        const match = this.matchVariant(variant, product);
        if (match && (!best || match.score > best.score)) best = match;
      }
      if (best) found.push(best);
    }
    const ranked = found
      .map((match, order) => ({ match, order }))
      .sort((a, b) => b.match.score - a.match.score || a.order - b.order)
      .map(({ match }) => match);
    if (this.cache.size >= MAX_CACHED_ITEMS) this.cache.clear();
    this.cache.set(key, ranked);
    return ranked;
  }

  /** Whether the catalogue uses this word, or one it is a typo of. */
  private knows(word: string): boolean {
    let known = this.known.get(word);
    if (known === undefined) {
      const limit = typosAllowed(word);
      known = this.vocabulary.has(word) || (limit > 0 && [...this.vocabulary].some((form) => withinTypos(word, form, limit)));
      this.known.set(word, known);
    }
    return known;
  }

  private find(word: string, product: IndexedProduct): { source: Source; typo: boolean } | undefined {
    const source = product.forms.get(word);
    if (source) return { source, typo: false };
    const limit = typosAllowed(word);
    if (limit === 0 || this.vocabulary.has(word) || SYNONYM_WORDS.has(word)) return undefined;
    for (const [form, formSource] of product.forms) {
      if (withinTypos(word, form, limit)) return { source: formSource, typo: true };
    }
    return undefined;
  }

  private matchVariant(variant: Variant, product: IndexedProduct): ProductMatch | undefined {
    const { words, weights } = variant;
    if (variant.budgetPaise !== undefined && product.pricePaise !== undefined && product.pricePaise > variant.budgetPaise) return undefined;
    const asks = variant.coreLength > 0 ? { from: 0, to: variant.coreLength } : { from: 0, to: words.length };
    if (asks.to === asks.from) return undefined;
    // The kind of thing: the last word that is not a number or a measure ("cooker" in "cooker 5 litre").
    let head = asks.to - 1;
    for (let index = asks.to - 1; index >= asks.from; index--) {
      const word = words[index] as string;
      if (!/[0-9]/.test(word) && !MEASURE_WORDS.has(word)) {
        head = index;
        break;
      }
    }
    const via = new Set<MatchVia>(variant.synonym ? ['synonym'] : []);
    let covered = 0;
    let typos = 0;
    let headSource: Source | undefined;
    let missedKnown = 0;
    for (let index = 0; index < words.length; index++) {
      const word = words[index] as string;
      const next = words[index + 1];
      // Two words the product writes as one ("air fryer" for "Airfryer") count as both.
      const pair = next === undefined ? undefined : product.forms.get(word + next);
      if (pair) {
        via.add('joined');
        if (pair === 'kind') via.add('kind');
        if (head === index || head === index + 1) headSource = pair;
        covered += (weights[index] ?? 1) + (weights[index + 1] ?? 1);
        index++;
        continue;
      }
      const found = this.find(word, product);
      if (!found) {
        // A word naming something else the catalogue has ("macbook" in "macbook air", against a Nike Air) speaks
        // against this product; a word the catalogue never uses ("kitchen mixer") only fails to speak for it.
        if (this.knows(word)) missedKnown += (weights[index] ?? 1) * KNOWN_MISS_EXTRA;
        continue;
      }
      covered += weights[index] ?? 1;
      if (index === head) headSource = found.source;
      if (found.typo) {
        typos++;
        via.add('typo');
      }
      if (found.source === 'pair') via.add('joined');
      if (found.source === 'kind') via.add('kind');
    }
    const total = weights.reduce((sum, weight) => sum + weight, 0) + missedKnown;
    if (headSource === undefined || total === 0 || covered / total < MIN_COVERAGE) return undefined;
    // A category answers an item only when the item is the category ("electronics", "beauty products"), all found.
    if (headSource === 'category' && covered < total) return undefined;
    if (headSource === 'category') via.add('category');
    const score =
      covered / total - 0.1 * typos - (variant.synonym ? 0.05 : 0) - (headSource === 'category' ? 0.2 : headSource === 'kind' ? 0.1 : 0);
    return { productId: product.id, score: Math.round(score * 1000) / 1000, via: [...via].sort() };
  }
}
