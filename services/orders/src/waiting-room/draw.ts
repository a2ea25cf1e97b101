import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The waiting room's fair start (issue 33 item 2, docs/decisions/0153), pure: the seed, the entrants' digests and
 * places, and when each may buy. Anyone holding the published seed and their member id computes the same with the
 * decision's recipe (scripts/src/verify-drop-order.ts is an implementation of its own, on purpose).
 */

/** 32 random bytes, as lowercase hex: drawn and stored when the room opens, before the drop does. */
export const newSeed = (): string => randomBytes(32).toString('hex');

/** What the waiting room shows before the opening: SHA-256 of the seed's 32 bytes (not of its hex text), hex. */
export const seedDigest = (seedHex: string): string => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

/** An entrant's digest: HMAC-SHA256 keyed by the seed's bytes, of the member id in UTF-8, lowercase hex. */
export const entrantDigest = (seedHex: string, memberId: string): string =>
  createHmac('sha256', Buffer.from(seedHex, 'hex')).update(memberId, 'utf8').digest('hex');

/** The drawn order: each entrant's place from 0, by digest ascending (ties, 2^-256 apart, broken by member id). */
export interface Draw {
  /** Digests in place order: what is published, with no member id. */
  digests: string[];
  places: Map<string, number>;
}

const byDigestThenId = (a: { digest: string; memberId: string }, b: { digest: string; memberId: string }) =>
  a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0;

export function drawOrder(seedHex: string, memberIds: readonly string[]): Draw {
  const ranked = memberIds.map((memberId) => ({ memberId, digest: entrantDigest(seedHex, memberId) })).sort(byDigestThenId);
  return { digests: ranked.map((entry) => entry.digest), places: new Map(ranked.map((entry, place) => [entry.memberId, place])) };
}

/**
 * When an entrant of `place` may buy: the opening plus floor(place / perSecond) whole seconds. Fixed by the draw, so
 * no queue has to run: the decision compares the clock with it.
 */
export const admittedAt = (opensAt: Date, place: number, perSecond: number): Date =>
  new Date(opensAt.getTime() + Math.floor(place / perSecond) * 1000);

/**
 * When everyone who did not join before the opening may buy, first come, first served: the second after the last
 * entrants' second began, ceil(entrants / perSecond) seconds from the opening (the opening itself with no entrant).
 */
export const afterEntrantsAt = (opensAt: Date, entrants: number, perSecond: number): Date =>
  new Date(opensAt.getTime() + Math.ceil(entrants / perSecond) * 1000);

/** The room is open from `minutes` before the drop's opening until the opening. */
export const roomOpensAt = (opensAt: Date, minutes: number): Date => new Date(opensAt.getTime() - minutes * 60_000);
