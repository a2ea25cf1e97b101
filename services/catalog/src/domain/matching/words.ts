/**
 * The words of a list item or a product, as the matcher compares them: lower case, split at anything that is not a
 * letter or digit ("T-shirt" is "t shirt", "WH-1000XM5" is "wh 1000xm5"), each reduced to its singular.
 */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .map(singular);
}

// Words that end in s without being plurals, so "glass" stays "glass" and "chess" stays "chess".
const KEEP_S = /(ss|us|is|ics|ness|ous)$/;

/**
 * A plural's singular, by the regular English endings only: "batteries" is "battery", "watches" is "watch",
 * "earbuds" is "earbud". Both sides of a comparison go through it, so an irregular miss costs nothing but recall.
 */
export function singular(word: string): string {
  if (word.length <= 3 || /^[0-9]/.test(word) || KEEP_S.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * How many edits a word may carry and still be the word it was meant to be, by length (as Meilisearch's typo
 * tolerance: none up to four letters, one from five, two from nine). Words with digits (models, sizes) get none: a
 * "S23" is not a "S24".
 */
export function typosAllowed(word: string): number {
  if (/[0-9]/.test(word)) return 0;
  if (word.length >= 9) return 2;
  return word.length >= 5 ? 1 : 0;
}

/**
 * Whether `typed` is `known` with at most `limit` typos: a letter missed, added, changed, or two neighbours swapped
 * (the optimal string alignment distance). The start must agree, the first two letters of a short word and the first
 * of a long one: people rarely mistype it, and a "skirt" is not a "shirt".
 */
export function withinTypos(typed: string, known: string, limit: number): boolean {
  const start = typed.length >= 9 ? 1 : 2;
  if (limit === 0 || typed.slice(0, start) !== known.slice(0, start) || Math.abs(typed.length - known.length) > limit) return false;
  const rows = typed.length + 1;
  const cols = known.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    let rowMin = Number.POSITIVE_INFINITY;
    for (let j = 1; j < cols; j++) {
      const cost = typed[i - 1] === known[j - 1] ? 0 : 1;
      let value = Math.min((d[i - 1]?.[j] ?? 0) + 1, (d[i]?.[j - 1] ?? 0) + 1, (d[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && typed[i - 1] === known[j - 2] && typed[i - 2] === known[j - 1]) {
        value = Math.min(value, (d[i - 2]?.[j - 2] ?? 0) + 1);
      }
      (d[i] as number[])[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return false;
  }
  return (d[typed.length]?.[known.length] ?? limit + 1) <= limit;
}
