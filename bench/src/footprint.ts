/**
 * Item 5, footprint: the all-in-one process as `npm start` runs it (built JavaScript, demo catalogue seeded on its
 * first start), timed from spawn to its `ready` log line, then its resident memory after it has idled. The first
 * start in a fresh folder migrates and seeds; the second start, on the same folder, is what an operator waits for.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { closedPort } from '@elts/platform/testing';
import { ADMIN_ENV } from './client.js';
import { PINNED, procRss } from './server-process.js';
import type { Figure } from './stats.js';

const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = join(ROOT, 'gateway/dist/main-all-in-one.js');
const GROUP = 'Footprint (all-in-one, built, demo data)';

async function startOnce(dataDir: string, idleMs: number): Promise<{ readyMs: number; rss: number }> {
  const port = await closedPort();
  const began = performance.now();
  const node = [process.execPath, ENTRY];
  const command = PINNED ? ['taskset', '-c', '1', ...node] : node;
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      ...ADMIN_ENV,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => {
    errors += chunk;
  });
  try {
    const readyMs = await new Promise<number>((resolveReady, reject) => {
      const timer = setTimeout(() => reject(new Error('the all-in-one process was not ready within two minutes')), 120_000);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.includes('ready: open')) {
          clearTimeout(timer);
          resolveReady(performance.now() - began);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the all-in-one process exited with ${code}: ${errors.slice(-500)}`));
      });
    });
    await new Promise((done) => setTimeout(done, idleMs));
    return { readyMs, rss: procRss(child.pid!) };
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function measureFootprint(quick: boolean): Promise<{ figures: Figure[]; raw: unknown }> {
  if (!existsSync(ENTRY)) {
    return {
      figures: [{ group: GROUP, label: 'not measured', value: Number.NaN, unit: '', note: 'gateway/dist is missing: run npm run build' }],
      raw: null,
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'elts-bench-footprint-'));
  try {
    const first = await startOnce(dataDir, 1000);
    const again = await startOnce(dataDir, quick ? 3000 : 10_000);
    return {
      figures: [
        { group: GROUP, label: 'first start (migrations, demo seed): ready after', value: first.readyMs / 1000, unit: 's' },
        {
          group: GROUP,
          label: 'start on existing data: ready after',
          value: again.readyMs / 1000,
          unit: 's',
          target: { op: '<', value: 10 },
        },
        { group: GROUP, label: 'idle resident memory', value: again.rss / 2 ** 20, unit: 'MiB', target: { op: '<', value: 1024 } },
      ],
      raw: { first, again },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
