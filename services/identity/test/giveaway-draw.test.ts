import { describe, expect, it } from 'vitest';
import { drawWinners, entrantsDigest, newDrawSeed } from '../src/domain/giveaway-draw.js';

const entrants = Array.from({ length: 20 }, (_, index) => `m${String(index + 1).padStart(2, '0')}`);
const SEED = 'a'.repeat(64);

describe('the giveaway draw', () => {
  it('gives the same winners for the same seed and entrant list, as the documented method computes them', () => {
    // Pinned: computed independently from the method in docs/decisions/0019 (its Python check gives the same list).
    const expected = ['m12', 'm14', 'm04', 'm19', 'm15', 'm02', 'm17', 'm13', 'm05', 'm10', 'm16', 'm03'];
    expect(drawWinners(SEED, entrants, 12)).toEqual(expected);
    expect(drawWinners(SEED, [...entrants], 12)).toEqual(expected);
  });

  it('draws other winners for another seed or another order of entrants', () => {
    const first = drawWinners(SEED, entrants, 12);
    expect(drawWinners('b'.repeat(64), entrants, 12)).not.toEqual(first);
    expect(drawWinners(SEED, [...entrants].reverse(), 12)).not.toEqual(first);
  });

  it('picks one winner per prize, nobody twice, only from the entrants', () => {
    for (let run = 0; run < 50; run++) {
      const winners = drawWinners(newDrawSeed(), entrants, 12);
      expect(winners).toHaveLength(12);
      expect(new Set(winners).size).toBe(12);
      for (const winner of winners) expect(entrants).toContain(winner);
    }
    // Exactly as many entrants as prizes: every one of them wins.
    expect([...drawWinners(SEED, entrants.slice(0, 12), 12)].sort()).toEqual(entrants.slice(0, 12));
  });

  it('cannot draw more winners than there are entrants', () => {
    expect(() => drawWinners(SEED, entrants.slice(0, 11), 12)).toThrow(RangeError);
  });

  it('leaves the entrant list as it was', () => {
    const list = [...entrants];
    drawWinners(SEED, list, 12);
    expect(list).toEqual(entrants);
  });

  it('fingerprints the ordered entrant list with SHA-256 of the ids joined by newlines', () => {
    expect(entrantsDigest(['a', 'b'])).toBe('7e18f737311b2dc3b2f269dd78396b0351f14fb66efa879f768cb23181883c78');
    expect(entrantsDigest(['b', 'a'])).not.toBe(entrantsDigest(['a', 'b']));
  });

  it('makes a fresh 256-bit seed each time', () => {
    const seed = newDrawSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newDrawSeed()).not.toBe(seed);
  });
});
