/**
 * `npm run bench [-- --quick] [-- --only api,checkout,...]`: every benchmark of issue 8 in turn, each figure printed
 * beside its target, ratios against baselines measured in this same run. Writes bench/results/latest.json and
 * bench/RESULTS.md. A measurement, not a test: it exits 0 whenever it measured, met or not. `--only drop` runs issue
 * 23's drop on PostgreSQL (bench/src/drop.ts), which a full run leaves out.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, hostname, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { apiCostFigures, distributedFigures, measureBaseline, measureDistributed, measureProduct } from './api-cost.js';
import { NATS_URL, POSTGRES_URL, reachable } from './client.js';
import { FULL, QUICK } from './load.js';
import { consoleTable, markdown, type RunInfo } from './report.js';
import { formatMarkdown, headCommit } from './repository.js';
import { CORES, PINNED, pinBench } from './server-process.js';
import type { Figure } from './stats.js';

const BENCHMARKS = ['api', 'peer', 'checkout', 'propagation', 'timeouts', 'footprint', 'web', 'admin', 'drop'] as const;
type Benchmark = (typeof BENCHMARKS)[number];
/** The drop on PostgreSQL (issue 23) does not fit the full run's 15 minutes: `--only drop` runs it. */
const DEFAULT_RUN = BENCHMARKS.filter((name) => name !== 'drop');

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, report: { type: 'boolean', default: false } },
});
const quick = values.quick ?? false;
const only = new Set((values.only?.split(',') ?? DEFAULT_RUN) as Benchmark[]);
const plan = quick ? QUICK : FULL;
const began = performance.now();
const BENCH_DIR = resolve(import.meta.dirname, '..');

/** A file of bench/, or nothing if there is none. */
const benchFile = async (name: string) => (existsSync(resolve(BENCH_DIR, name)) ? readFile(resolve(BENCH_DIR, name), 'utf8') : '');
/** The analysis of the missed targets (bench/LIMITS.md) and the last route profile (bench/PROFILE.md), after the table. */
const limits = async () => [await benchFile('LIMITS.md'), await benchFile('PROFILE.md')].filter(Boolean).join('\n');

// `--report`: rewrite RESULTS.md from the last run's JSON (after editing LIMITS.md), measuring nothing.
if (values.report) {
  const last = JSON.parse(await readFile(resolve(BENCH_DIR, 'results/latest.json'), 'utf8')) as {
    run: RunInfo;
    figures: Figure[];
    notes: string[];
  };
  const target = last.run.mode === 'quick' ? 'results/RESULTS.quick.md' : 'RESULTS.md';
  await writeFile(resolve(BENCH_DIR, target), markdown(last.run, last.figures, last.notes, await limits()));
  formatMarkdown(resolve(BENCH_DIR, target));
  console.log(`Rewrote bench/${target} from bench/results/latest.json`);
  process.exit(0);
}

pinBench();
const figures: Figure[] = [];
const notes: string[] = [];
const raw: Record<string, unknown> = {};
/** Which benchmark wrote each note, so a `--only` rerun replaces its own notes and keeps the others'. */
const notesBy: Partial<Record<Benchmark, string[]>> = {};

async function step(name: Benchmark, work: () => Promise<void>): Promise<void> {
  if (!only.has(name)) return;
  const started = performance.now();
  console.log(`\n▶ ${name}`);
  const notesBefore = notes.length;
  try {
    await work();
  } catch (error) {
    console.error(error);
    figures.push({
      group: name,
      label: 'did not complete',
      value: Number.NaN,
      unit: '',
      note: String((error as Error).message).slice(0, 200),
    });
  }
  notesBy[name] = notes.slice(notesBefore);
  console.log(`  (${Math.round((performance.now() - started) / 1000)} s)`);
}

await step('api', async () => {
  const baseline = await measureBaseline(plan);
  const allInOne = await measureProduct(plan);
  raw.api = { baseline, allInOne };
  figures.push(...apiCostFigures(baseline, allInOne.costs));
  if (!(await reachable(POSTGRES_URL)) || !(await reachable(NATS_URL))) {
    notes.push(`The distributed topology was not measured: it needs PostgreSQL at ${POSTGRES_URL} and NATS at ${NATS_URL}.`);
    return;
  }
  console.log('  distributed topology:');
  const distributed = await measureDistributed(plan);
  raw.api = { baseline, allInOne, distributed };
  figures.push(...distributedFigures(baseline, allInOne.costs, distributed.costs));
  notes.push(
    "Distributed: CPU is summed over the gateway, the five services (/proc, 10 ms ticks) and the PostgreSQL backends of their databases, all pinned to the server core; NATS and PostgreSQL's shared background processes are not counted.",
  );
});

interface Measured {
  figures: Figure[];
  raw: unknown;
  notes?: string[];
}

/** A benchmark in its own module, loaded only when it runs. */
async function measured(name: Benchmark, load: () => Promise<(quick: boolean) => Promise<Measured>>): Promise<void> {
  await step(name, async () => {
    const result = await (await load())(quick);
    raw[name] = result.raw;
    figures.push(...result.figures);
    notes.push(...(result.notes ?? []));
  });
}

// Issue 23's peer compares against this run's api figures (`raw.api`), or measures our boards itself.
await measured('peer', async () => {
  const { measurePeer } = await import('./peer.js');
  return (quick) => measurePeer(quick, raw.api as Parameters<typeof measurePeer>[1]);
});
await measured('checkout', async () => (await import('./checkout.js')).measureCheckout);
await measured('propagation', async () => (await import('./propagation.js')).measurePropagation);
await measured('timeouts', async () => (await import('./timeouts.js')).measureTimeouts);
await measured('footprint', async () => (await import('./footprint.js')).measureFootprint);
await measured('web', async () => (await import('./web.js')).measureWeb);
await measured('drop', async () => (await import('./drop.js')).measureDrop);

await step('admin', async () => {
  // Admin at scale is bench/admin's (another helper's): it reads the data set `npm run seed:scale` built, which takes
  // longer to make than this whole run may, so it runs here only when that data set is already there.
  const entry = resolve(BENCH_DIR, 'admin/src/run.ts');
  const scaleData = resolve(process.env.SCALE_DATA_DIR ?? resolve(BENCH_DIR, '../.data/scale'), 'pglite');
  if (!existsSync(entry)) {
    notes.push('Admin at scale (bench/admin) was not there when this ran.');
    return;
  }
  if (!process.env.DATABASE_URL && !existsSync(scaleData)) {
    notes.push(
      'Admin at scale was not run: no seeded data set. Run `npm run seed:scale` then `npm run bench:admin` (bench/admin/README.md holds its figures).',
    );
    return;
  }
  execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', entry, '--runs', quick ? '3' : '10'], {
    stdio: 'inherit',
    cwd: resolve(BENCH_DIR, '..'),
  });
  notes.push('Admin at scale printed its own table above (bench/admin/src/run.ts); its results are in bench/admin/results/.');
});

const commit = headCommit();
const run: RunInfo = {
  date: new Date().toISOString(),
  commit,
  machine: `${hostname()}: ${CORES} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  mode: quick ? 'quick' : 'full',
  pinned: PINNED,
  durationS: (performance.now() - began) / 1000,
};

// A full run of some benchmarks only (`--only`) replaces their figures in the last full run's results.
const previous = resolve(BENCH_DIR, 'results/latest.json');
if (!quick && values.only && existsSync(previous)) {
  const last = JSON.parse(await readFile(previous, 'utf8')) as {
    run: RunInfo;
    figures: Figure[];
    notes: string[];
    notesBy?: Partial<Record<Benchmark, string[]>>;
    raw: Record<string, unknown>;
  };
  if (last.run.mode === 'full') {
    const replaced = new Set([...only, ...figures.map((figure) => figure.group)] as string[]);
    const at = last.figures.findIndex((figure) => replaced.has(figure.group));
    const kept = last.figures.filter((figure) => !replaced.has(figure.group));
    figures.splice(0, figures.length, ...kept.slice(0, at < 0 ? kept.length : at), ...figures, ...kept.slice(at < 0 ? kept.length : at));
    if (last.notesBy) {
      for (const name of BENCHMARKS) if (!only.has(name) && last.notesBy[name]) notesBy[name] = last.notesBy[name];
      notes.splice(0, notes.length, ...BENCHMARKS.flatMap((name) => notesBy[name] ?? []));
    } else notes.splice(0, notes.length, ...new Set([...last.notes, ...notes]));
    for (const [key, value] of Object.entries(last.raw)) if (!(key in raw)) raw[key] = value;
    run.durationS += last.run.durationS;
    // One note per benchmark set rerun: a second rerun of the same set replaces its note instead of adding one.
    const reruns = new Map([...last.run.commit.matchAll(/ \(([^()]+) rerun at (\w+)\)/g)].map((m) => [m[1], m[2]]));
    reruns.set([...only].join(', '), run.commit);
    run.commit = [last.run.commit.split(' (')[0], ...[...reruns].map(([names, commit]) => `(${names} rerun at ${commit})`)].join(' ');
  }
}

console.log(consoleTable(figures));
const results = resolve(BENCH_DIR, 'results');
await mkdir(results, { recursive: true });
// A quick run keeps its JSON apart too: `--only` merges into latest.json, which must stay the last full run.
const json = quick ? 'latest.quick.json' : 'latest.json';
await writeFile(resolve(results, json), `${JSON.stringify({ run, figures, notes, notesBy, raw }, null, 2)}\n`);
// A quick run is a smoke test: it does not replace the committed table.
await writeFile(resolve(BENCH_DIR, quick ? 'results/RESULTS.quick.md' : 'RESULTS.md'), markdown(run, figures, notes, await limits()));
formatMarkdown(resolve(BENCH_DIR, quick ? 'results/RESULTS.quick.md' : 'RESULTS.md'));
console.log(
  `\nWrote bench/results/${json} and ${quick ? 'bench/results/RESULTS.quick.md' : 'bench/RESULTS.md'} (${Math.round(run.durationS)} s)`,
);
process.exit(0);
