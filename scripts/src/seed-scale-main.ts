/**
 * `npm run seed:scale [-- --members 100000 --payments 1000000 --orders 300000]` (the defaults: issue 7's scale): fills an empty database with a large,
 * realistic back-office data set for `npm run bench:admin`. PostgreSQL when DATABASE_URL is set, else a PGlite under
 * SCALE_DATA_DIR (default .data/scale, apart from the product's own data).
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger, ensurePostgresDatabase, openDatabase } from '@elts/platform';
import { seedScale } from './seed-scale.js';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    payments: { type: 'string', default: '1000000' },
    orders: { type: 'string', default: '300000' },
    seed: { type: 'string', default: '20261122' },
  },
});
const logger = createLogger({ name: 'seed:scale', level: 'info', pretty: true });
const url = process.env.DATABASE_URL;
if (url) await ensurePostgresDatabase(url);
const dataDir = resolve(process.env.SCALE_DATA_DIR ?? '.data/scale');
const database = await openDatabase(url ? { url } : { dataDir: join(dataDir, 'pglite') });
const started = Date.now();
try {
  const counts = await seedScale(database, {
    members: Number(values.members),
    payments: Number(values.payments),
    orders: Number(values.orders),
    seed: Number(values.seed),
    logger,
  });
  console.log(
    `Seeded ${counts.members} members, ${counts.subscriptions} subscriptions, ${counts.orders} orders and ${counts.payments} payments ` +
      `(${counts.events} events) in ${((Date.now() - started) / 1000).toFixed(1)} s into ${url ? 'PostgreSQL' : dataDir}`,
  );
} finally {
  await database.close();
}
