import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
// The one helper this needs, from its own module: the testing index would load the whole platform (seconds per file).
import { closedPort } from '@elts/platform/testing/tcp-proxy';

export const WEB_DIR = resolve(import.meta.dirname, '../../web');
// A cold start on a loaded two-core machine (tsx, PGlite, migrations, the demo seed) can take well over a minute.
const STARTUP_LIMIT_MS = 150_000;

export interface ProductProcess {
  baseURL: string;
  stop(): Promise<void>;
}

/** Waits for the product's `listening <port>` line; fails with what it printed if it exits or takes too long. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolveListening, reject) => {
    const timer = setTimeout(() => reject(new Error('The product did not start within two and a half minutes')), STARTUP_LIMIT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (/^listening \d+$/.test(line)) {
        clearTimeout(timer);
        resolveListening();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The product exited with code ${code} before it listened (its errors are above)`));
    });
  });
}

/**
 * Starts the whole product from source (gateway and every service in one process of its own, with a temporary data
 * folder) serving the web builds. The port is chosen first so the product knows its own public address: payment
 * links and return URLs point back at it. `env` adds settings (shortened timeouts for one journey, for example).
 */
export async function startProductProcess(env: Record<string, string> = {}): Promise<ProductProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'elts-e2e-'));
  const port = await closedPort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', resolve(import.meta.dirname, 'serve-product.ts')], {
    // Journeys sign in many members from this one address: the abuse limits have their own tests.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_DIR,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await listening(child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
