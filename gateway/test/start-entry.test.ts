import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closedPort } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productClient } from './support/client.js';

/**
 * `npm start` as a user runs it: the built entry point (node gateway/dist/main-all-in-one.js), its own data folder,
 * Ctrl-C, and a second start that finds everything the first one wrote.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = 'gateway/dist/main-all-in-one.js';
// What the entry runs: the gateway and every workspace it is built from (the web apps are not needed for the API).
const WORKSPACES = [
  'packages/contracts',
  'packages/platform',
  'workflows',
  'services/identity',
  'services/catalog',
  'services/orders',
  'services/payments',
  'services/admin-bff',
  'gateway',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((newest, entry) => Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs), 0);
}

/** `npm test` builds first, so this is normally a no-op; run alone after an edit, the file builds what changed. */
function buildIfStale(): void {
  const stale = WORKSPACES.some((workspace) => {
    const built = newestChange(join(root, workspace, 'dist'));
    const inputs = ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'].map((input) =>
      newestChange(join(root, workspace, input)),
    );
    return built === 0 || Math.max(...inputs) > built;
  });
  if (!stale) return;
  execFileSync('npx', ['turbo', 'run', 'build', '--filter=@elts/gateway...', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the entry and resolves once it has printed its address, as a person would wait for it. */
async function startProduct(dataDir: string, port: number): Promise<Running> {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: root,
    // Only what a fresh shell would have: no test database, no NATS, nothing inherited from the test run.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed within 45 s:\n${output}`)), 45_000);
    const check = () => {
      if (output.includes(`open ${url}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before printing its address:\n${output}`));
    });
  });
  return { child, output: () => output, exited };
}

describe('npm start (the built all-in-one entry)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'elts-start-'));
  const lockFile = join(dataDir, 'pglite', 'owner.lock');
  let running: Running | undefined;

  beforeAll(() => buildIfStale(), 300_000);
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints its address, serves health, stops cleanly on SIGINT and SIGTERM, and keeps its data across a restart', async () => {
    const port = await closedPort();
    const client = productClient((path, init) => fetch(`http://127.0.0.1:${port}${path}`, init));

    running = await startProduct(dataDir, port);
    expect((await client.call('/health')).status).toBe(200);
    expect(existsSync(lockFile)).toBe(true);
    const token = await client.signUp('first.run@example.in', 'Meera Iyer');
    const profile = await client.call('/user/get-profile', { method: 'POST', token });
    expect(profile.status).toBe(200);
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    // Same folder, new process: the member and their session were written to disk, not kept in memory.
    running = await startProduct(dataDir, port);
    const again = await client.call('/user/get-profile', { method: 'POST', token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(profile.body);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);
});
