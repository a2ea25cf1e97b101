import { createHash, randomBytes } from 'node:crypto';

/**
 * The giveaway draw, written so anyone can repeat it (docs/decisions/0019):
 *
 * 1. Entrants are the members who passed, ordered by when they entered, then by member id (lowercase text).
 * 2. The random numbers are SHA-256 in counter mode over the seed: block i is SHA-256 of the UTF-8 text
 *    `${seed}:${i}` (i = 0, 1, ...), read as eight unsigned 32-bit big-endian words, used in order.
 * 3. A number below n is the next word w with w < floor(2^32 / n) * n (others are skipped, so no entrant is
 *    favoured), taken modulo n.
 * 4. A partial Fisher-Yates shuffle picks the winners: for k = 0 .. prizes - 1, j = k + (a number below
 *    entrants - k), swap entrants k and j; entrant k wins prize k + 1. No one can win twice.
 */
export const DRAW_METHOD = 'sha256-counter/fisher-yates/v1';

/** A fresh seed: 32 random bytes as hex. */
export const newDrawSeed = (): string => randomBytes(32).toString('hex');

/** The fingerprint of the ordered entrant list: SHA-256 hex of the member ids joined by newlines. */
export const entrantsDigest = (entrantIds: readonly string[]): string => createHash('sha256').update(entrantIds.join('\n')).digest('hex');

/** The seed's stream of 32-bit words (step 2). */
function* seededWords(seed: string): Generator<number> {
  for (let block = 0; ; block++) {
    const bytes = createHash('sha256').update(`${seed}:${block}`, 'utf8').digest();
    for (let offset = 0; offset < bytes.length; offset += 4) yield bytes.readUInt32BE(offset);
  }
}

const WORD_RANGE = 2 ** 32;

/** A number in [0, n) from the word stream without modulo bias (step 3). */
function below(words: Generator<number>, n: number): number {
  const limit = Math.floor(WORD_RANGE / n) * n;
  for (;;) {
    const word = words.next().value as number;
    if (word < limit) return word % n;
  }
}

/** The winners in prize order (step 4): `prizes` distinct entrants, the same for the same seed and list. */
export function drawWinners<T>(seed: string, entrants: readonly T[], prizes: number): T[] {
  if (entrants.length < prizes) throw new RangeError(`${prizes} winners cannot be drawn from ${entrants.length} entrants`);
  const pool = [...entrants];
  const words = seededWords(seed);
  for (let k = 0; k < prizes; k++) {
    const j = k + below(words, pool.length - k);
    [pool[k], pool[j]] = [pool[j] as T, pool[k] as T];
  }
  return pool.slice(0, prizes);
}
