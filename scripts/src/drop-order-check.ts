import { createHash, createHmac } from 'node:crypto';

/**
 * Checks a drop's published draw (docs/decisions/0153, "The recipe"), written apart from the orders service's own
 * code on purpose: a member should not have to trust the code that made the draw to check it. Only node:crypto.
 */

/** The published draw as `GET /drop/{id}/draw` answers it (its `data`). */
export interface PublishedDraw {
  drop_id: string;
  opens_at: string;
  seed: string;
  seed_sha256: string;
  admitted_per_second: number;
  entrants: number;
  digests: string[];
}

export interface DrawCheck {
  /** Each check with whether it held, in the order they are printed. */
  checks: { what: string; held: boolean }[];
  /** The member's place from 1, and from when they could buy; undefined when their digest is not in the list. */
  place?: number;
  turnAt?: string;
  digest: string;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Step 2 of the recipe: SHA-256 of the seed's 32 bytes (decoded from hex), in lowercase hex. */
export const sha256OfSeed = (seedHex: string) => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

/** Step 3: HMAC-SHA256 with the seed's bytes as key, over the member id's UTF-8 bytes, in lowercase hex. */
export const digestOf = (seedHex: string, memberId: string) =>
  createHmac('sha256', Buffer.from(seedHex, 'hex')).update(Buffer.from(memberId, 'utf8')).digest('hex');

/**
 * Checks the draw for one member: the seed is 32 bytes whose SHA-256 is the digest shown before the opening (`shown`,
 * what the member noted; else the draw's own `seed_sha256`), the digests are the entrants' in ascending order, the
 * member's digest is among them; their place and turn follow. With `memberIds` (every entrant, as an auditor would
 * have them) the whole list is recomputed and compared.
 */
export function checkDrawFor(
  draw: PublishedDraw,
  memberId: string,
  options: { shown?: string; memberIds?: readonly string[] } = {},
): DrawCheck {
  const checks: DrawCheck['checks'] = [];
  const check = (what: string, held: boolean) => checks.push({ what, held });
  const shown = (options.shown ?? draw.seed_sha256).toLowerCase();
  check('the seed is 32 bytes (64 hex digits)', HEX64.test(draw.seed));
  check("the seed's SHA-256 is the digest shown before the opening", sha256OfSeed(draw.seed) === shown && shown === draw.seed_sha256);
  check(
    'every digest is 64 hex digits',
    draw.digests.every((digest) => HEX64.test(digest)),
  );
  check(`the list holds the ${draw.entrants} entrants`, draw.digests.length === draw.entrants);
  check(
    'the digests are in ascending order, each once (the order entrants were let in)',
    draw.digests.every((digest, index) => index === 0 || (draw.digests[index - 1] as string) < digest),
  );
  if (options.memberIds) {
    const recomputed = options.memberIds.map((id) => digestOf(draw.seed, id)).sort();
    check(
      `the whole order recomputed from ${options.memberIds.length} member ids is the published one`,
      recomputed.length === draw.digests.length && recomputed.every((digest, index) => digest === draw.digests[index]),
    );
  }
  const digest = digestOf(draw.seed, memberId);
  const index = draw.digests.indexOf(digest);
  check("the member's digest is in the list", index >= 0);
  if (index < 0) return { checks, digest };
  const turnAt = new Date(new Date(draw.opens_at).getTime() + Math.floor(index / draw.admitted_per_second) * 1000);
  return { checks, digest, place: index + 1, turnAt: turnAt.toISOString() };
}
