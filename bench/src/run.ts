/**
 * `npm run bench [-- --quick] [-- --only api,checkout,...]`: every benchmark of issue 8 in turn, each figure printed
 * beside its target, ratios against baselines measured in this same run. Writes bench/results/latest.json and
 * bench/RESULTS.md. A measurement, not a test: it exits 0 whenever it measured, met or not.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, hostname, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { apiCostFigures, distributedFigures, measureBaseline, measureProduct } from './api-cost.js';
import { FULL, QUICK } from './load.js';
import { consoleTable, markdown, type RunInfo } from './report.js';
import { CORES, PINNED, pinBench } from './server-process.js';
import type { Figure } from './stats.js';

const BENCHMARKS = ['api', 'checkout', 'propagation', 'timeouts', 'footprint', 'web', 'admin'] as const;
type Benchmark = (typeof BENCHMARKS)[number];

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, only: { type: 'string' } } });
const quick = values.quick ?? false;
const only = new Set((values.only?.split(',') ?? BENCHMARKS) as Benchmark[]);
const plan = quick ? QUICK : FULL;
const began = performance.now();
const BENCH_DIR = resolve(import.meta.dirname, '..');

pinBench();
const figures: Figure[] = [];
const notes: string[] = [];
const raw: Record<string, unknown> = {};

async function step(name: Benchmark, work: () => Promise<void>): Promise<void> {
  if (!only.has(name)) return;
  const started = performance.now();
  console.log(`\n▶ ${name}`);
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
  console.log(`  (${Math.round((performance.now() - started) / 1000)} s)`);
}

await step('api', async () => {
  const baseline = await measureBaseline(plan);
  const allInOne = await measureProduct(plan);
  raw.api = { baseline, allInOne };
  figures.push(...apiCostFigures(baseline, allInOne.costs));
  const { distributedAvailable, measureDistributed } = await import('./distributed.js');
  if (!quick && (await distributedAvailable())) {
    const distributed = await measureDistributed(plan);
    raw.distributed = distributed;
    figures.push(...distributedFigures(allInOne.costs, distributed));
  } else {
    notes.push(
      quick ? 'Quick mode skips the distributed topology.' : 'The distributed topology was not measured: no PostgreSQL at 127.0.0.1:5432.',
    );
  }
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

await measured('checkout', async () => (await import('./checkout.js')).measureCheckout);
await measured('propagation', async () => (await import('./propagation.js')).measurePropagation);
await measured('timeouts', async () => (await import('./timeouts.js')).measureTimeouts);
await measured('footprint', async () => (await import('./footprint.js')).measureFootprint);
await measured('web', async () => (await import('./web.js')).measureWeb);

await step('admin', async () => {
  // Admin at scale lives in bench/admin (its own helper); it runs here when it exists.
  const entry = resolve(BENCH_DIR, 'admin/run.ts');
  if (!existsSync(entry)) {
    notes.push('Admin at scale (bench/admin) was not there when this ran.');
    return;
  }
  const { runAdminBench } = (await import(entry)) as {
    runAdminBench?: (options: { quick: boolean }) => Promise<{ figures: Figure[]; raw?: unknown }>;
  };
  if (!runAdminBench) {
    execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', entry, ...(quick ? ['--quick'] : [])], { stdio: 'inherit' });
    notes.push('Admin at scale printed its own figures above (bench/admin/run.ts exports no runAdminBench for this table).');
    return;
  }
  const result = await runAdminBench({ quick });
  raw.admin = result.raw;
  figures.push(...result.figures);
});

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const run: RunInfo = {
  date: new Date().toISOString(),
  commit,
  machine: `${hostname()}: ${CORES} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  mode: quick ? 'quick' : 'full',
  pinned: PINNED,
  durationS: (performance.now() - began) / 1000,
};

console.log(consoleTable(figures));
const results = resolve(BENCH_DIR, 'results');
await mkdir(results, { recursive: true });
await writeFile(resolve(results, 'latest.json'), `${JSON.stringify({ run, figures, notes, raw }, null, 2)}\n`);
// A quick run is a smoke test: it does not replace the committed table.
await writeFile(resolve(BENCH_DIR, quick ? 'results/RESULTS.quick.md' : 'RESULTS.md'), markdown(run, figures, notes));
console.log(
  `\nWrote bench/results/latest.json and ${quick ? 'bench/results/RESULTS.quick.md' : 'bench/RESULTS.md'} (${Math.round(run.durationS)} s)`,
);
process.exit(0);
