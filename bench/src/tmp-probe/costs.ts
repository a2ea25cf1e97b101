// Temporary: CPU of a placement and of a refusal from memory, on the all-in-one over PostgreSQL.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { attemptOrder } from '../checkout.js';
import { ADMIN_ENV, adminToken, createProduct, dropDatabases, inBatches, member, POSTGRES_URL, subscribe, until } from '../client.js';
import { CpuMeter, cpuOf } from '../distributed.js';
import { quiet, startServer } from '../server-process.js';

const N = Number(process.env.N ?? 200);
const name = `elts_costs_${randomUUID().slice(0, 8)}`;
const url = new URL(POSTGRES_URL);
url.pathname = `/${name}`;
const server = await startServer('all-in-one.ts', { ...ADMIN_ENV, SEED_DEMO_CATALOG: 'false', DATABASE_URL: url.href, SOLD_OUT_MEMORY_MS: '600000' }, false);
const db = new pg.Pool({ connectionString: url.href, max: 2, application_name: 'reader' });
const backends = new CpuMeter();
const usage = async () => {
  const own = await server.usage();
  const pids = (await db.query(`select pid from pg_stat_activity where datname = current_database() and application_name <> 'reader'`)).rows.map((r) => r.pid);
  return { own: own.cpuUs, pg: backends.update(pids, cpuOf) };
};
try {
  const base = server.baseURL;
  const tokens = await inBatches(Array.from({ length: N }, (_, n) => n), 32, (n) => member(base, `c.${n}.${randomUUID().slice(0, 4)}@example.in`));
  await until(async () => Number((await db.query(`select count(*)::int n from payments.member_profiles where pincode is not null`)).rows[0].n) >= N, 300000, 'pincodes');
  await inBatches(tokens, 32, (t) => subscribe(base, t));
  await until(async () => Number((await db.query(`select count(*)::int n from orders.member_buyers where subscription_status='active'`)).rows[0].n) >= N, 300000, 'subs');
  const admin = await adminToken(base);
  const half = N / 2;
  const productId = await createProduct(base, admin, half, 'COSTS');
  await until(async () => Number((await db.query(`select (on_hand-held-sold)::int n from catalog.stock where product_id=$1`, [productId])).rows[0]?.n ?? 0) === half, 30000, 'stock');
  await quiet(server);
  const measure = async (what: string, list: string[], width: number, settle: boolean) => {
    const before = await usage();
    const began = performance.now();
    const answers = await inBatches(list, width, (t) => attemptOrder(base, t, productId));
    const wall = performance.now() - began;
    const answered = await usage();
    if (settle) await quiet(server);
    const after = await usage();
    const statuses = answers.reduce((m: Record<string, number>, a) => ((m[a.status] = (m[a.status] ?? 0) + 1), m), {});
    const per = (a: number) => (a / 1000 / list.length).toFixed(2);
    console.log(`${what}: ${list.length} in ${wall.toFixed(0)} ms ${JSON.stringify(statuses)}; until answered: node ${per(answered.own - before.own)} ms + pg ${per(answered.pg - before.pg)} ms each; with what follows: node ${per(after.own - before.own)} + pg ${per(after.pg - before.pg)}`);
  };
  await measure('placements, 8 at once', tokens.slice(0, half), 8, true);
  await measure('refusals (sold out, from memory), 8 at once', tokens.slice(half), 8, true);
  await measure('refusals again, 32 at once', tokens.slice(half), 32, true);
} finally {
  await db.end();
  await server.stop();
  await dropDatabases([url.href]);
}
