import { describe, expect, it } from 'vitest';
import { checkDrawFor, type PublishedDraw } from '../src/drop-order-check.js';

// The worked example of docs/decisions/0153's recipe, checked by the members' script with nothing of the service.
const DRAW: PublishedDraw = {
  drop_id: 'DROP-2026-12-04',
  opens_at: '2026-12-04T18:30:00.000Z',
  seed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  seed_sha256: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
  admitted_per_second: 2,
  entrants: 3,
  digests: [
    '0640c842f3543e9d1ba361ccea602c98a23573006007a88c1f59aed429cded20',
    '875706b360cae5e250fa496c5ae0bddcaa8de6c9348798e2eb4ef61bf672442b',
    '8ba5ca330139833ceaaf248fae45321763ae6e4124918b79da71a9d77b7ef57e',
  ],
};

describe('verify-drop-order', () => {
  it("finds a member's place and turn, and recomputes the whole order from the member ids", () => {
    const checked = checkDrawFor(DRAW, 'member-b', { memberIds: ['member-a', 'member-b', 'member-c'] });
    expect(checked.checks.filter((check) => !check.held)).toEqual([]);
    expect(checked).toMatchObject({ place: 3, turnAt: '2026-12-04T18:30:01.000Z' });
  });

  it('fails a seed that is not the one shown before the opening, and a member who was not drawn', () => {
    const checked = checkDrawFor(DRAW, 'member-d', { shown: '0'.repeat(64) });
    expect(checked.checks.filter((check) => !check.held).map((check) => check.what)).toEqual([
      "the seed's SHA-256 is the digest shown before the opening",
      "the member's digest is in the list",
    ]);
    expect(checked.place).toBeUndefined();
  });
});
