/**
 * The back-office benchmark (issue 7): every admin list and stats endpoint of admin-bff over the data set
 * `npm run seed:scale` built, with p50 and p95, each as a ratio to a baseline measured in the same run (the
 * smallest admin call: one empty page of contact messages), and the users CSV streamed whole with the memory it took.
 * A measurement, not a test: it exits 0 once it has measured.
 * Usage: npm run bench:admin [-- --runs 30]   (DATABASE_URL, or SCALE_DATA_DIR for PGlite, as for seed:scale)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { adminBffService } from '@elts/admin-bff';
import { bootService, createLogger, InProcessBus, openDatabase, sql } from '@elts/platform';
import { CASES, type Case, measure, row, streamCsv } from './cases.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' }, warmup: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const url = process.env.DATABASE_URL;
const dataDir = resolve(process.env.SCALE_DATA_DIR ?? '.data/scale');
const logger = createLogger({ name: 'bench:admin', level: 'warn' });
const database = await openDatabase(url ? { url } : { dataDir: join(dataDir, 'pglite') });
const bus = await InProcessBus.create({ db: database.forSchema('bus'), schema: 'bus', logger });
const serviceToken = 'bench-service-token-'.padEnd(48, 'x');
const { instance } = await bootService(adminBffService, {
  database,
  bus,
  logger,
  nodeEnv: 'production',
  serviceToken,
  env: {},
  resolveService: () => ({ fetch: () => new Response('{"is_success":true,"data":{}}') }),
});
const headers = {
  'x-service-token': serviceToken,
  'x-principal': JSON.stringify({
    admin: { id: '00000000-0000-4000-8000-000000000001', username: 'bench', sessionId: '00000000-0000-4000-8000-000000000002' },
  }),
};
const call = async (path: string) => {
  const response = await instance.app.request(path, { headers });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
};

try {
  const size = await sql<{ users: number; payments: number; orders: number; subscriptions: number }>`
    select (select count(*)::int from users) as users, (select count(*)::int from payments) as payments,
      (select count(*)::int from product_orders) as orders, (select count(*)::int from subscriptions) as subscriptions`.execute(
    database.forSchema('admin_bff'),
  );
  const counts = size.rows[0];
  console.log(
    `\nadmin-bff on ${url ? 'PostgreSQL' : `PGlite (${dataDir})`}: ${JSON.stringify(counts)}; ${runs} runs after ${warmup} warm-up`,
  );
  const baselineCase: Case = { name: 'baseline: GET /admin/messages (empty page)', path: '/admin/messages' };
  const baseline = await measure(call, baselineCase, runs, warmup);
  console.log(row('endpoint', 'p50 ms', 'p95 ms', 'p50 / baseline', 'p95 / baseline'));
  console.log(row(baselineCase.name, baseline.p50.toFixed(1), baseline.p95.toFixed(1), '1.0', '1.0'));
  const results = [{ ...baselineCase, ...baseline }];
  for (const item of CASES) {
    const result = await measure(call, item, runs, warmup);
    results.push({ ...item, ...result });
    console.log(
      row(
        item.name,
        result.p50.toFixed(1),
        result.p95.toFixed(1),
        (result.p50 / baseline.p50).toFixed(1),
        (result.p95 / baseline.p95).toFixed(1),
      ),
    );
  }
  const csv = await streamCsv(instance.app, headers);
  console.log(
    `\nUsers CSV: ${csv.rows} rows, ${(csv.bytes / 1_048_576).toFixed(1)} MB in ${csv.ms.toFixed(0)} ms ` +
      `(${(csv.ms / baseline.p50).toFixed(0)} × baseline); heap grew ${(csv.heapGrowth / 1_048_576).toFixed(1)} MB at most while streaming`,
  );
  const out = resolve(import.meta.dirname, '../results');
  await mkdir(out, { recursive: true });
  const file = resolve(out, `admin-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify({ database: url ? 'postgres' : 'pglite', counts, runs, warmup, results, csv }, null, 2)}\n`);
  console.log(`\nWrote ${file}`);
} finally {
  await instance.stop?.();
  await bus.close();
  await database.close();
}
