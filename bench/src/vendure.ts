/**
 * The bench's peer process (issue 23): Vendure 3 (bench/peer/vendure/server.mjs) on its own PostgreSQL database,
 * installed on demand into bench/peer/vendure/node_modules (ignored, never a dependency of the product), pinned to the
 * server's core like our servers. Its cost is the Vendure process and the PostgreSQL backends of its database, read
 * from /proc as the distributed topology's are: our all-in-one's PGlite works inside its own process.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensurePostgresDatabase } from '@elts/platform';
import { uniqueName } from '@elts/platform/testing';
import pg from 'pg';
import { dropDatabases, POSTGRES_URL } from './client.js';
import { CpuMeter, cpuOf } from './distributed.js';
import { listeningPort, onServerCore, pinToServerCore, procRss, type ServerProcess, stopChild } from './server-process.js';

export const PEER_DIR = resolve(import.meta.dirname, '../peer/vendure');

/**
 * Installs the peer's packages the first time (`npm ci` from its own lock file: exact versions), reuses them after.
 * Answers the seconds the install took, or undefined when it was already there.
 */
export function installPeer(): number | undefined {
  if (existsSync(resolve(PEER_DIR, 'node_modules/@vendure/core/package.json'))) return undefined;
  const began = performance.now();
  // --prefix keeps npm in the peer's folder: it is no workspace of the repository, and must not become one.
  execFileSync('npm', ['ci', '--prefix', PEER_DIR, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' });
  return (performance.now() - began) / 1000;
}

export interface Peer extends ServerProcess {
  superadmin: { username: string; password: string };
}

/** Starts Vendure seeded with `products` products on a fresh database, dropped again by `stop()`. */
export async function startVendure(products: number): Promise<Peer> {
  const began = performance.now();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${uniqueName('bench_peer_')}`;
  const databaseUrl = url.toString();
  const database = url.pathname.slice(1);
  await ensurePostgresDatabase(databaseUrl);
  const superadmin = { username: 'superadmin', password: randomBytes(12).toString('hex') };
  const [command, ...args] = onServerCore([process.execPath, resolve(PEER_DIR, 'server.mjs')]);
  const child = spawn(command!, args, {
    cwd: PEER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PRODUCTS: String(products),
      SUPERADMIN_PASSWORD: superadmin.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  const stop = async () => {
    await stopChild(child);
    await admin.end().catch(() => {});
    await dropDatabases([databaseUrl]);
  };
  let port: number;
  try {
    port = await listeningPort(child, 'the Vendure peer');
    await admin.connect();
  } catch (error) {
    await stop();
    throw error;
  }
  const backends = async () =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database])).rows.map((row) => row.pid);
  const pinned = new Set<number>();
  const all = new CpuMeter();
  const postgres = new CpuMeter();
  return {
    pid: child.pid!,
    baseURL: `http://127.0.0.1:${port}`,
    startMs: performance.now() - began,
    superadmin,
    call: () => Promise.reject(new Error('the Vendure peer has no IPC channel')),
    async usage() {
      const pgPids = await backends();
      // Backends join the server's core as they appear (TypeORM's pool opens them on demand).
      for (const pid of pgPids.filter((pid) => !pinned.has(pid))) {
        pinned.add(pid);
        try {
          pinToServerCore(pid);
        } catch {
          // A backend that ended meanwhile.
        }
      }
      const cpuUs = all.update([child.pid!, ...pgPids], cpuOf);
      return { cpuUs, rss: procRss(child.pid!), parts: { postgres: postgres.update(pgPids, cpuOf) } };
    },
    stop,
  };
}
