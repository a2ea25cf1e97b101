/**
 * The web bundle benchmark (issue 3): against a running product, what the landing page fetches before its first
 * paint, beside the budget, and the size of each remote's entry and chunks. It exits 1, loudly, when the landing
 * page's JavaScript is over issue 3's budget of 120 KB; issue 8's target of 100 KB is printed beside it.
 * Usage: npm run bench:web [-- --url http://localhost:3000]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '@elts/e2e/chromium';
import { measureLanding } from './landing.js';
import { buildFiles, type FileSize, kb, row } from './sizes.js';

const LANDING_JS_BUDGET = 120_000;
const LANDING_JS_TARGET = 100_000;

const { values } = parseArgs({ options: { url: { type: 'string', default: process.env.BENCH_URL ?? 'http://localhost:3000' } } });
const origin = new URL(values.url ?? '').origin;
const webDir = resolve(import.meta.dirname, '../../web');

const total = (files: FileSize[]) => files.reduce((sum, file) => sum + file.gzip, 0);

const chromium = await launchChromium();
let landing: Awaited<ReturnType<typeof measureLanding>>;
try {
  const page = await chromium.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  landing = await measureLanding(page, `${origin}/`);
} finally {
  await chromium.close();
}

const js = landing.beforePaint.filter((file) => file.kind === 'js');
const css = landing.beforePaint.filter((file) => file.kind === 'css');
const jsTotal = total(js);
console.log(`\nLanding page ${origin}/ (390×844): first contentful paint at ${Math.round(landing.firstContentfulPaintMs)} ms`);
console.log(row('fetched before first paint', 'raw', 'gzip'));
for (const file of landing.beforePaint) console.log(row(file.name, kb(file.raw), kb(file.gzip)));
console.log(
  row('JavaScript before first paint', '', kb(jsTotal)),
  `  budget ${kb(LANDING_JS_BUDGET)}: ${jsTotal <= LANDING_JS_BUDGET ? 'within' : 'OVER'}`,
  `  target ${kb(LANDING_JS_TARGET)}: ${jsTotal <= LANDING_JS_TARGET ? 'met' : 'missed'}`,
);
console.log(row('CSS before first paint', '', kb(total(css))));
console.log(row('fetched after first paint', '', kb(total(landing.afterPaint))));

const manifest = (await (await fetch(`${origin}/remotes.json`)).json()) as Record<string, string>;
const remotes: Record<string, FileSize[]> = {};
for (const [name, entry] of Object.entries(manifest)) {
  remotes[name] = await buildFiles(resolve(webDir, name, 'dist'));
  console.log(`\nRemote ${name} (entry ${entry}), from web/${name}/dist`);
  console.log(row('file', 'raw', 'gzip'));
  for (const file of remotes[name]) console.log(row(file.name, kb(file.raw), kb(file.gzip)));
  console.log(row('all files', '', kb(total(remotes[name]))));
}

const results = resolve(import.meta.dirname, '../results');
await mkdir(results, { recursive: true });
const file = resolve(results, `web-bundles-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(
  file,
  `${JSON.stringify({ origin, budget: { landingJsGzip: LANDING_JS_BUDGET, landingJsGzipTarget: LANDING_JS_TARGET }, landing, remotes }, null, 2)}\n`,
);
console.log(`\nWrote ${file}`);

if (jsTotal > LANDING_JS_BUDGET) {
  console.error(
    `\nFAILED: the landing page fetches ${kb(jsTotal)} of gzipped JavaScript before its first paint, over the ${kb(LANDING_JS_BUDGET)} budget`,
  );
  process.exitCode = 1;
}
