import { InProcessBus } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, openTestDatabase, silentLogger } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { seedScale } from '../../../scripts/src/seed-scale.js';
import { rebuildAdminReadModels } from '../src/rebuild.js';
import { snapshot } from './helpers.js';

describe.each(DATABASE_KINDS)('npm run seed:scale on %s', (kind) => {
  it.runIf(databaseAvailable(kind))(
    'writes events whose replay gives exactly the read models it wrote in bulk',
    async () => {
      const database = await openTestDatabase(kind);
      try {
        const counts = await seedScale(database, { members: 40, payments: 90, orders: 25, seed: 7 });
        expect(counts).toMatchObject({ members: 40, orders: 25, payments: 90 });
        const db = database.forSchema('admin_bff');
        const bulk = await snapshot(db);
        expect(bulk.users).toHaveLength(40);
        expect(bulk.orders).toHaveLength(25);
        expect(bulk.payments).toHaveLength(90);
        expect(bulk.subscriptions).toHaveLength(counts.subscriptions);
        expect(new Set(bulk.payments.map((row) => row.status))).toEqual(new Set(['success', 'failed', 'pending', 'processing']));
        await expect(seedScale(database, { members: 1, payments: 0, orders: 0 })).rejects.toThrow(/empty database/);

        const bus = await InProcessBus.create({ db: database.forSchema('bus'), schema: 'bus', logger: silentLogger(), pollMs: 20 });
        try {
          const { applied } = await rebuildAdminReadModels({ database, bus, logger: silentLogger(), pollMs: 50 });
          // The bulk path left admin-bff's consumers at the end of each history: nothing was waiting.
          expect(Object.values(applied)).toEqual(Object.keys(applied).map(() => 0));
          expect(await snapshot(db)).toEqual(bulk);
        } finally {
          await bus.close();
        }
      } finally {
        await database.close();
      }
    },
    180_000,
  );
});
