/**
 * Issue 23, the drop where a real deployment runs it: on PostgreSQL, as the all-in-one with `DATABASE_URL` and as
 * the distributed topology with two instances each of orders and catalog. 2,000 subscribed members for one product
 * of 200 units, arriving open-loop (an arrival schedule, not a pool of connections) at 500 a second, then, on a new
 * product of 200 units, at 1,000 a second. Exactly 200 sold each time, stock never below zero, every other buyer told
 * 'Out of Stock'; placement p50 and p99 from each buyer's arrival, and the answers a second the product sustained.
 * Beside them: the same arrivals against the bare Hono route (this run's baseline: what the machine and the load
 * generator alone allow), and the embedded drop as the checkout benchmark runs it (500 at once, 100 units).
 *
 * `npm run bench -- --only drop`. BENCH_DROP_RUNS picks some of `baseline,embedded,postgres,distributed` (all by
 * default); BENCH_DROP_SCALE another scale; BENCH_CPU_PROF_DIR writes the servers' CPU profiles (startServer and
 * startDistributed); BENCH_DROP_PROFILE_DIR writes the all-in-one's profile of each drop alone, and prints its parts.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { ServiceName } from '@elts/contracts';
import { quietDropAnchor } from '@elts/contracts/testing';
import pg from 'pg';
import { type Attempt, attemptOrder, dropFigures, measureCheckout, sampleStock } from './checkout.js';
import {
  ADMIN_ENV,
  adminToken,
  call,
  createProduct,
  dropDatabases,
  inBatches,
  member,
  NATS_URL,
  POSTGRES_URL,
  reachable,
  subscribe,
  until,
} from './client.js';
import { type CpuProfile, summarizeProfile } from './cpu-profile.js';
import { CpuMeter, cpuOf, startDistributed } from './distributed.js';
import { CORES, quiet, type ServerProcess, startServer } from './server-process.js';
import { type StatementCounts, statementsBetween } from './servers/statement-count.js';
import { arrivals, distribution, type Figure, ratio, sustainedRate } from './stats.js';
import { waitingRoomAtOpening } from './waiting-room.js';

const GROUP = 'Drop on PostgreSQL (open-loop arrivals)';
/** BENCH_DROP_PROFILE_DIR: a V8 CPU profile of the all-in-one during each drop, and where its time went. */
const PROFILE_DIR = process.env.BENCH_DROP_PROFILE_DIR;

async function saveProfile(profile: CpuProfile, name: string): Promise<void> {
  const file = join(PROFILE_DIR!, `drop-${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
  await mkdir(PROFILE_DIR!, { recursive: true });
  await writeFile(file, JSON.stringify(profile));
  const summary = summarizeProfile(profile, 10);
  console.log(`  CPU profile in ${file}: ${Math.round(summary.busyMs)} ms busy, ${Math.round(summary.idleMs)} ms idle`);
  for (const part of summary.parts) console.log(`    ${(part.share * 100).toFixed(1).padStart(5)}%  ${part.name}`);
  for (const fn of summary.functions) console.log(`    ${(fn.share * 100).toFixed(1).padStart(5)}%  ${fn.name}`);
}

const RUNS = new Set((process.env.BENCH_DROP_RUNS ?? 'baseline,embedded,postgres,distributed').split(','));

interface Scale {
  members: number;
  units: number;
  rates: number[];
}

const FULL: Scale = { members: 2000, units: 200, rates: [500, 1000] };
const QUICK: Scale = { members: 100, units: 10, rates: [100] };

/** A topology under test: where it answers, and a read of one service's tables (the bench's own fixed queries). */
interface Stack {
  label: string;
  server: ServerProcess;
  /** One process whose CPU profile BENCH_DROP_PROFILE_DIR can take, and whose statements are counted (the all-in-one). */
  profiled?: boolean;
  /** Started with a quiet drop calendar, so a drop it schedules is the next: the waiting room's opening is measured. */
  waitingRoom?: boolean;
  count(service: ServiceName, text: string, values?: unknown[]): Promise<number>;
  rows<T extends pg.QueryResultRow>(service: ServiceName, text: string, values?: unknown[]): Promise<T[]>;
}

/**
 * Sends each attempt at its moment in the schedule, whether or not the earlier ones have been answered, and times
 * each from that moment. Also answers how late the generator itself sent (its own lag is part of the figure).
 */
async function openLoop<T extends { answeredMs: number }>(
  schedule: readonly number[],
  attempt: (index: number, dueMs: number) => Promise<T>,
): Promise<{ answers: Array<T & { dueMs: number }>; lateMs: number }> {
  const began = performance.now();
  let lateMs = 0;
  const pending: Array<Promise<T & { dueMs: number }>> = [];
  for (const [index, offset] of schedule.entries()) {
    const dueMs = began + offset;
    const wait = dueMs - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    lateMs = Math.max(lateMs, performance.now() - dueMs);
    pending.push(attempt(index, dueMs).then((answer) => ({ ...answer, dueMs })));
  }
  return { answers: await Promise.all(pending), lateMs };
}

const load = () => `load average ${loadavg()[0]!.toFixed(1)}`;

/** The bare Hono route under the same arrivals: what this machine, now, allows any server (the run's baseline). */
async function baseline(scale: Scale): Promise<{ figures: Figure[]; raw: unknown }> {
  const bare = await startServer('bare-hono.ts', {}, false);
  const figures: Figure[] = [];
  const raw: unknown[] = [];
  try {
    for (const rate of scale.rates) {
      const cpuBefore = await bare.usage();
      const { answers, lateMs } = await openLoop(arrivals(scale.members, rate), async (_, dueMs) => {
        const answer = await call(bare.baseURL, '/hello', { retry: false }).catch(() => ({ status: 0 }));
        return { status: answer.status, ms: performance.now() - dueMs, answeredMs: performance.now() };
      });
      // The bare route's CPU per request under these arrivals: what a sold-out answer is measured against.
      const cpuMsPerAnswer = ((await bare.usage()).cpuUs - cpuBefore.cpuUs) / 1000 / answers.length;
      const latency = distribution(answers.map((answer) => answer.ms));
      const failed = answers.filter((answer) => answer.status !== 200).length;
      const label = (name: string) => `baseline, bare Hono route, ${rate}/s: ${name}`;
      figures.push(
        { group: GROUP, label: label('p99'), value: latency.p99, unit: 'ms' },
        { group: GROUP, label: label('answers per second'), value: sustainedRate(answers), unit: '/s' },
        { group: GROUP, label: label('CPU per request'), value: cpuMsPerAnswer * 1000, unit: 'µs' },
      );
      raw.push({ rate, latency, failed, lateMs, cpuMsPerAnswer, load: loadavg() });
      console.log(
        `  baseline at ${rate}/s: p99 ${latency.p99.toFixed(0)} ms, ${failed} failed, sent up to ${lateMs.toFixed(0)} ms late (${load()})`,
      );
    }
  } finally {
    await bare.stop();
  }
  return { figures, raw };
}

/**
 * Subscribed members through the API, as the checkout benchmark makes them (the honest way: every event flows). In
 * two passes: payments asks for the pincode it learns from identity's events before it starts a mandate, and on
 * PostgreSQL those events reach it only seconds after the sign-ups that wrote them while sign-ups keep coming.
 */
async function subscribers(stack: Stack, members: number): Promise<string[]> {
  const began = performance.now();
  const run = randomUUID().slice(0, 6);
  const base = stack.server.baseURL;
  const tokens = await inBatches(
    Array.from({ length: members }, (_, n) => n),
    32,
    (n) => member(base, `drop.${run}.${n}@example.in`),
  );
  const signedUpS = (performance.now() - began) / 1000;
  const reached = (service: ServiceName, text: string, what: string) =>
    until(async () => (await stack.count(service, text)) >= members, 300_000, what);
  await reached(
    'payments',
    'select count(*)::int as n from payments.member_profiles where pincode is not null',
    'every pincode to reach payments',
  );
  const profilesS = (performance.now() - began) / 1000;
  await inBatches(tokens, 32, (token) => subscribe(base, token));
  await reached(
    'orders',
    `select count(*)::int as n from orders.member_buyers where subscription_status = 'active'`,
    'every membership to reach the orders service',
  );
  const readyS = (performance.now() - began) / 1000;
  console.log(
    `  ${stack.label}: ${members} members signed up in ${signedUpS.toFixed(0)} s, their pincodes in payments at ${profilesS.toFixed(0)} s, subscribed and known to orders at ${readyS.toFixed(0)} s`,
  );
  return tokens;
}

/**
 * How many connections the kernel has dropped because a listen queue was full (TcpExt ListenOverflows, for the
 * whole machine): each such buyer waits a second or more for its handshake to be sent again, or meets a reset. NaN
 * where /proc/net/netstat cannot be read.
 */
async function listenOverflows(): Promise<number> {
  try {
    const lines = (await readFile('/proc/net/netstat', 'utf8')).split('\n').filter((line) => line.startsWith('TcpExt:'));
    const [names, values] = lines.map((line) => line.split(/\s+/));
    const at = names?.indexOf('ListenOverflows') ?? -1;
    return at > 0 ? Number(values?.[at]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** One drop on one stack: a new product of `units`, every member arriving at `rate` a second. */
/**
 * Each member reserves a unit in each of a stack's drops (one per rate, then the burst) and leaves it unpaid: with
 * the default cap of two unpaid orders, the third drop would refuse them for that rather than answer its decision.
 */
const DROP_SETTINGS = { UNPAID_ORDERS_PER_MEMBER: '10' };

/** Everyone at once (issue 33's burst): all the members within this many milliseconds. */
const BURST_MS = 100;

async function drop(stack: Stack, admin: string, tokens: readonly string[], units: number, rate: number) {
  const burst = rate === burstRate(tokens.length);
  const base = stack.server.baseURL;
  const productId = await createProduct(base, admin, units, `DROP-${randomUUID().slice(0, 6)}`);
  const unitsLeft = () =>
    stack.count('catalog', 'select (on_hand - held - sold)::int as n from catalog.stock where product_id = $1', [productId]);
  await until(async () => (await unitsLeft()) === units, 30_000, 'the product to be on sale');
  const quietAfterS = await quiet(stack.server);
  const loadBefore = loadavg()[0]!;
  const sampler = sampleStock(unitsLeft);
  const cpuBefore = await stack.server.usage();
  const statementsBefore = stack.profiled ? await stack.server.call<StatementCounts>('statements') : undefined;
  const overflowsBefore = await listenOverflows();
  if (PROFILE_DIR && stack.profiled) await stack.server.call('profileStart');
  const { answers, lateMs } = await openLoop(arrivals(tokens.length, rate), (index, dueMs) =>
    attemptOrder(base, tokens[index]!, productId, dueMs),
  );
  if (PROFILE_DIR && stack.profiled) await saveProfile(await stack.server.call<CpuProfile>('profileStop'), `${stack.label}-${rate}`);
  const cpuAfter = await stack.server.usage();
  const overflows = (await listenOverflows()) - overflowsBefore;
  const stock = await sampler.stop();
  // Counted once the answers are in, plus what they set going (the checkouts' consumers) as far as it got by then.
  const statements = statementsBefore && statementsBetween(statementsBefore, await stack.server.call<StatementCounts>('statements'));
  const statementsPerAnswer = statements && statements.reduce((sum, statement) => sum + statement.count, 0) / answers.length;
  // Server CPU per answer: steadier than latency on a shared machine, and with the rate it says whether the product
  // ran out of cores or waited (on locks, on its pool) with cores to spare.
  const cpuMsPerAnswer = (cpuAfter.cpuUs - cpuBefore.cpuUs) / 1000 / answers.length;
  const postgresMsPerAnswer = ((cpuAfter.parts?.postgres ?? 0) - (cpuBefore.parts?.postgres ?? 0)) / 1000 / answers.length;
  // Where the units went: holds by state in catalog, orders by status in orders. Units held for an order that was
  // never placed (its saga gave up on a slow hold and released before the hold landed) show up as the difference.
  const holds = await stack.rows<{ state: string; n: number }>(
    'catalog',
    'select state, count(*)::int as n from catalog.stock_holds where product_id = $1 group by state',
    [productId],
  );
  const orders = await stack.rows<{ status: string; n: number }>(
    'orders',
    'select status, count(*)::int as n from orders.orders where product_id = $1 group by status',
    [productId],
  );
  const label = (name: string) => `${stack.label}, ${burst ? `all ${tokens.length} within ${BURST_MS} ms` : `${rate}/s`}: ${name}`;
  const verdicts = dropFigures(GROUP, label, answers, units, stock, burst ? 500 : 25);
  const sustained = sustainedRate(answers);
  const placedMs = answers.filter((answer: Attempt) => answer.status === 200).map((answer) => answer.answeredMs);
  const { latency, placed } = verdicts.summary;
  console.log(
    `  ${label('')} ${placed} placed, p50 ${Math.round(latency.p50)} ms, p99 ${Math.round(latency.p99)} ms, ${sustained.toFixed(0)} answers/s, sent up to ${lateMs.toFixed(0)} ms late, ${overflows} connections overflowed a listen queue (${load()})`,
  );
  const known = burst ? undefined : await soldOutOnceKnown(stack, tokens, answers, productId, rate, label);
  if (statements && PROFILE_DIR) {
    console.log(`    ${statementsPerAnswer!.toFixed(1)} statements sent PostgreSQL per answer; the most frequent, per answer:`);
    for (const statement of statements.slice(0, 15))
      console.log(`    ${(statement.count / answers.length).toFixed(2).padStart(6)}  ${statement.text}`);
  }
  return {
    figures: [
      ...verdicts.figures,
      {
        group: GROUP,
        label: label('sustained answers per second'),
        value: sustained,
        unit: '/s',
        ...(sustained < rate * 0.95 ? { note: `saturated: buyers arrived at ${rate}/s` } : {}),
      },
      {
        group: GROUP,
        label: label(`server CPU per answer (PostgreSQL ${postgresMsPerAnswer.toFixed(1)} ms of it)`),
        value: cpuMsPerAnswer,
        unit: 'ms',
      },
      { group: GROUP, label: label('connections that overflowed a listen queue'), value: overflows, unit: '' },
      ...(known?.figures ?? []),
      ...(statementsPerAnswer === undefined
        ? []
        : [
            {
              group: GROUP,
              label: label('statements sent PostgreSQL per answer (any service, any cause)'),
              value: statementsPerAnswer,
              unit: '',
            },
          ]),
    ],
    raw: {
      stack: stack.label,
      rate,
      units,
      buyers: tokens.length,
      lateMs,
      quietAfterS,
      loadBefore,
      loadAfter: loadavg()[0],
      soldOutAfterMs: placedMs.length ? Math.max(...placedMs) - Math.min(...answers.map((answer) => answer.dueMs)) : null,
      sustained,
      cpuMsPerAnswer,
      postgresMsPerAnswer,
      overflows,
      statementsPerAnswer,
      soldOutOnceKnown: known?.raw,
      // The twenty most frequent statements, per answer: where the database's share of a drop goes.
      statements: statements?.slice(0, 20).map((statement) => ({ text: statement.text, perAnswer: statement.count / answers.length })),
      holds,
      orders,
      ...stock,
      ...verdicts.summary,
    },
  };
}

/**
 * The sold-out answer on its own (issue 33: p99 at most 5 ms, at most 3 times the bare route's CPU per request): once
 * the drop has sold out and the server is quiet again, every buyer who was told 'Out of Stock' presses Buy Now again
 * (a new Idempotency-Key), at the drop's rate. In the drop itself these answers queue behind the reservations and
 * their checkouts on the same core, so its sold-out p99 mostly measures that queue; this measures the answer.
 */
async function soldOutOnceKnown(
  stack: Stack,
  tokens: readonly string[],
  answers: readonly Attempt[],
  productId: string,
  rate: number,
  label: (name: string) => string,
) {
  const refused = tokens.filter((_, index) => answers[index]?.status === 409 && answers[index]?.message === 'Out of Stock');
  if (refused.length === 0) return undefined;
  await quiet(stack.server);
  const cpuBefore = await stack.server.usage();
  const again = await openLoop(arrivals(refused.length, rate), (index, dueMs) =>
    attemptOrder(stack.server.baseURL, refused[index]!, productId, dueMs),
  );
  const cpuMsPerAnswer = ((await stack.server.usage()).cpuUs - cpuBefore.cpuUs) / 1000 / refused.length;
  const latency = distribution(again.answers.map((answer) => answer.ms));
  const outOfStock = again.answers.filter((answer) => answer.status === 409 && answer.message === 'Out of Stock').length;
  const name = (figure: string) => label(`sold out, once known (${refused.length} buyers again): ${figure}`);
  console.log(
    `    once sold out: ${outOfStock} of ${refused.length} told 'Out of Stock', p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, ${(cpuMsPerAnswer * 1000).toFixed(0)} µs of server CPU an answer`,
  );
  return {
    figures: [
      {
        group: GROUP,
        label: name("told 'Out of Stock'"),
        value: outOfStock,
        unit: '',
        target: { op: '==' as const, value: refused.length },
      },
      { group: GROUP, label: name('p99'), value: latency.p99, unit: 'ms', target: { op: '<=' as const, value: 5 } },
      { group: GROUP, label: name('server CPU per answer'), value: cpuMsPerAnswer * 1000, unit: 'µs' },
    ],
    raw: { buyers: refused.length, outOfStock, latency, cpuMsPerAnswer },
  };
}

const burstRate = (members: number) => (members * 1000) / BURST_MS;

/**
 * Members once per stack, then one drop per rate and one burst of everyone at once, each on a new product (a member
 * may buy one of each).
 */
async function drops(stack: Stack, scale: Scale) {
  const tokens = await subscribers(stack, scale.members);
  const admin = await adminToken(stack.server.baseURL);
  const figures: Figure[] = [];
  const raw: unknown[] = [];
  for (const rate of [...scale.rates, burstRate(scale.members)]) {
    const result = await drop(stack, admin, tokens, scale.units, rate);
    figures.push(...result.figures);
    raw.push(result.raw);
  }
  if (stack.waitingRoom) {
    const room = await waitingRoomAtOpening(stack.server.baseURL, admin, tokens, stack.label, GROUP);
    figures.push(...room.figures);
    raw.push(room.raw);
  }
  return { figures, raw };
}

const READER = 'elts-bench-reader';

/** Reads through one pool per database (the all-in-one keeps every schema in one; the distributed one each). */
function reader(databaseUrl: (service: ServiceName) => string) {
  const pools = new Map<string, pg.Pool>();
  const rows = async <T extends pg.QueryResultRow>(service: ServiceName, text: string, values: unknown[] = []): Promise<T[]> => {
    const url = databaseUrl(service);
    // Named, so the all-in-one's CPU reading can leave the bench's own reads out.
    const pool = pools.get(url) ?? new pg.Pool({ connectionString: url, max: 2, application_name: READER });
    pools.set(url, pool);
    return (await pool.query<T>(text, values)).rows;
  };
  return {
    rows,
    count: async (service: ServiceName, text: string, values: unknown[] = []) =>
      Number((await rows<{ n: number }>(service, text, values))[0]?.n ?? 0),
    close: () => Promise.all([...pools.values()].map((pool) => pool.end())),
  };
}

async function allInOneOnPostgres(scale: Scale) {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/elts_bench_drop_${randomUUID().slice(0, 8)}`;
  try {
    const product = await startServer(
      'all-in-one.ts',
      { ...ADMIN_ENV, ...DROP_SETTINGS, SEED_DEMO_CATALOG: 'false', DATABASE_URL: url.href, DROP_ANCHOR_DATE: quietDropAnchor() },
      false,
    );
    const reads = reader(() => url.href);
    // The process's own CPU and its PostgreSQL backends': the database's work is part of a placement's cost, as the
    // distributed stack's reading counts it (and as PGlite's is inside the embedded process).
    const backends = new CpuMeter();
    const server: ServerProcess = {
      ...product,
      async usage() {
        const own = await product.usage();
        const pids = await reads.rows<{ pid: number }>(
          'catalog',
          'select pid from pg_stat_activity where datname = current_database() and application_name <> $1',
          [READER],
        );
        const postgres = backends.update(
          pids.map((row) => row.pid),
          cpuOf,
        );
        return { ...own, cpuUs: own.cpuUs + postgres, parts: { postgres } };
      },
    };
    try {
      return await drops({ label: 'all-in-one', server, profiled: true, waitingRoom: true, ...reads }, scale);
    } finally {
      await reads.close();
      await product.stop();
    }
  } finally {
    await dropDatabases([url.href]);
  }
}

async function distributed(scale: Scale) {
  // Not pinned: this measures latency and where the stack saturates, with every core it can get.
  const server = await startDistributed({ instances: { orders: 2, catalog: 2 }, pin: false, env: DROP_SETTINGS });
  const reads = reader(server.databaseUrl);
  try {
    return await drops({ label: 'distributed (2 orders, 2 catalog)', server, ...reads }, scale);
  } finally {
    await reads.close();
    await server.stop();
  }
}

export async function measureDrop(quick: boolean): Promise<{ figures: Figure[]; raw: unknown; notes: string[] }> {
  // BENCH_DROP_SCALE=members,units,rate[,rate...] measures another scale (a profile of a smaller drop, say).
  const custom = process.env.BENCH_DROP_SCALE?.split(',').map(Number);
  const scale = custom ? { members: custom[0]!, units: custom[1]!, rates: custom.slice(2) } : quick ? QUICK : FULL;
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = {};
  const notes = [
    `Drop on PostgreSQL: ${scale.members} subscribed members (made through the API, as members are) for one product of ${scale.units} units, arriving open-loop at ${scale.rates.join(', then ')} a second, each rate on a new product; latency from each buyer's moment in the schedule to the answer. The machine is shared (${load()} at the start, on ${CORES} cores): read the figures beside the bare route's under the same arrivals.`,
  ];
  const runs: Array<[string, () => Promise<{ figures: Figure[]; raw: unknown }>]> = [
    // The embedded drop first, so the table keeps the drop on PostgreSQL's figures (baseline included) together.
    ['embedded', () => measureCheckout(quick)],
    ['baseline', () => baseline(scale)],
  ];
  if (await reachable(POSTGRES_URL)) runs.push(['postgres', () => allInOneOnPostgres(scale)]);
  else notes.push(`The drop on PostgreSQL was not measured: nothing answers at ${POSTGRES_URL}.`);
  if ((await reachable(POSTGRES_URL)) && (await reachable(NATS_URL))) runs.push(['distributed', () => distributed(scale)]);
  else notes.push(`The distributed drop was not measured: it needs PostgreSQL at ${POSTGRES_URL} and NATS at ${NATS_URL}.`);
  for (const [name, run] of runs) {
    if (!RUNS.has(name)) continue;
    console.log(`  ${name}:`);
    try {
      const result = await run();
      figures.push(...result.figures);
      raw[name] = result.raw;
    } catch (error) {
      // One topology that fails (a stack that did not start) does not take the others' figures with it.
      console.error(error);
      const message = String((error as Error).message).slice(0, 200);
      figures.push({ group: GROUP, label: `${name}: did not complete`, value: Number.NaN, unit: '', note: message });
    }
  }
  figures.push(...costRatios(raw), ...soldOutRatios(raw));
  return { figures, raw, notes };
}

/**
 * The distributed topology's CPU per answer over the all-in-one's at each rate (issue 33: at most 1.5): the price of
 * the topology meant for growth, from the same run's readings.
 */
function costRatios(raw: Record<string, unknown>): Figure[] {
  type Run = { rate: number; cpuMsPerAnswer: number };
  const allInOne = (raw.postgres as Run[] | undefined) ?? [];
  const spread = (raw.distributed as Run[] | undefined) ?? [];
  return spread.flatMap((run) => {
    const one = allInOne.find((other) => other.rate === run.rate);
    if (!one) return [];
    return [
      {
        group: GROUP,
        label: `distributed ÷ all-in-one, server CPU per answer at ${run.rate}/s`,
        value: run.cpuMsPerAnswer / one.cpuMsPerAnswer,
        unit: '×',
        target: { op: '<=' as const, value: 1.5 },
      },
    ];
  });
}

/** Each stack's sold-out answer (once known) over the bare route's CPU per request at the same rate (target: 3). */
function soldOutRatios(raw: Record<string, unknown>): Figure[] {
  type Run = { rate?: number; stack?: string; soldOutOnceKnown?: { cpuMsPerAnswer: number } };
  const bare = (raw.baseline as Array<{ rate: number; cpuMsPerAnswer: number }> | undefined) ?? [];
  const runs = [...((raw.postgres as Run[] | undefined) ?? []), ...((raw.distributed as Run[] | undefined) ?? [])];
  return runs.flatMap((run) => {
    const baseline = bare.find((one) => one.rate === run.rate);
    if (!run.soldOutOnceKnown || !baseline) return [];
    return [
      {
        group: GROUP,
        label: `${run.stack}, ${run.rate}/s: sold out, once known: server CPU per answer ÷ bare route's`,
        value: ratio(run.soldOutOnceKnown.cpuMsPerAnswer, baseline.cpuMsPerAnswer),
        unit: '×',
        target: { op: '<=' as const, value: 3 },
      },
    ];
  });
}
