import { randomUUID } from 'node:crypto';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, settled, startAdminBff } from './helpers.js';

describe.each(DATABASE_KINDS)('the giveaway in the audit log on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string; adminId: string };

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin } = await startAdminBff(kind));
  });
  afterAll(async () => harness?.close());

  it.runIf(available)('records who set the prizes and who drew the winners, with the seed that verifies the draw', async () => {
    const actor = { actor: `admin:${admin.adminId}` };
    const prizes = [
      { slot: 1, name: 'Travel Kettle', description: 'Prestige', imageUrl: '/product/images/kettle.svg', productId: 'PRD-1' },
    ];
    const drawn = {
      seed: 'ab'.repeat(32),
      method: 'sha256-counter/fisher-yates/v1',
      entrantCount: 13,
      entrantsDigest: 'cd'.repeat(32),
      winners: [{ slot: 1, memberId: randomUUID(), prize: 'Travel Kettle' }],
    };
    await record(harness, 'identity', 'giveaway-run', [
      { type: 'GiveawayPrizesSet', data: { prizes }, metadata: actor },
      { type: 'GiveawayDrawn', data: drawn, metadata: actor },
    ]);
    await settled(harness, admin);
    const { body } = await harness.json('/admin/audit', { token: admin.token });
    expect(body.data.map((row: { action: string; target: string; actor: string }) => `${row.action} ${row.target} ${row.actor}`)).toEqual([
      `giveaway.draw giveaway admin:${admin.adminId}`,
      `giveaway.prizes giveaway admin:${admin.adminId}`,
    ]);
    expect(body.data[0].after).toEqual(drawn);
    expect(body.data[1].after).toEqual(prizes);
  });
});
