import { describe, expect, it } from 'vitest';
import { admittedAt, afterEntrantsAt, drawOrder, entrantDigest, seedDigest } from '../src/waiting-room/draw.js';

// The worked example of docs/decisions/0153's recipe: the seed is the bytes 0 to 31.
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const DIGESTS = {
  'member-a': '875706b360cae5e250fa496c5ae0bddcaa8de6c9348798e2eb4ef61bf672442b',
  'member-b': '8ba5ca330139833ceaaf248fae45321763ae6e4124918b79da71a9d77b7ef57e',
  'member-c': '0640c842f3543e9d1ba361ccea602c98a23573006007a88c1f59aed429cded20',
};

describe("the waiting room's draw", () => {
  it("follows the decision's recipe: SHA-256 of the seed's bytes, HMAC-SHA256 of each member id, ascending", () => {
    expect(seedDigest(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    for (const [memberId, digest] of Object.entries(DIGESTS)) expect(entrantDigest(SEED, memberId)).toBe(digest);
    const draw = drawOrder(SEED, ['member-a', 'member-b', 'member-c']);
    expect(draw.digests).toEqual([DIGESTS['member-c'], DIGESTS['member-a'], DIGESTS['member-b']]);
    expect(Object.fromEntries(draw.places)).toEqual({ 'member-c': 0, 'member-a': 1, 'member-b': 2 });
    // The order does not depend on the order members joined in.
    expect(drawOrder(SEED, ['member-c', 'member-b', 'member-a']).digests).toEqual(draw.digests);
  });

  it('lets place r in at the opening plus floor(r / ADMITTED_PER_SECOND) seconds', () => {
    const opens = new Date('2026-12-04T18:30:00.000Z');
    expect([0, 199, 200, 1999, 2000].map((place) => admittedAt(opens, place, 200).toISOString())).toEqual([
      '2026-12-04T18:30:00.000Z',
      '2026-12-04T18:30:00.000Z',
      '2026-12-04T18:30:01.000Z',
      '2026-12-04T18:30:09.000Z',
      '2026-12-04T18:30:10.000Z',
    ]);
    // Who did not join comes after every entrant's second has begun: none, 150, 2,000 and 2,001 entrants.
    expect([0, 150, 2000, 2001].map((entrants) => afterEntrantsAt(opens, entrants, 200).toISOString())).toEqual([
      '2026-12-04T18:30:00.000Z',
      '2026-12-04T18:30:01.000Z',
      '2026-12-04T18:30:10.000Z',
      '2026-12-04T18:30:11.000Z',
    ]);
  });
});
