/**
 * The distributed topology as `npm run start:distributed` plans it (scripts/src/distributed-plan.ts): each service and
 * the gateway in its own process, services reached over HTTP, each on its own PostgreSQL database, events over NATS
 * JetStream. Started from source like the all-in-one it is compared with, so both run the same code.
 *
 * Its cost is the CPU time of every process doing the work: the node processes (read from /proc, they have no IPC
 * channel) and the PostgreSQL backends serving the stack's own databases (the all-in-one's PGlite is inside its one
 * process, so leaving the database out would flatter the distributed figure).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVICE_NAMES, type ServiceName } from '@elts/contracts';
import { ensurePostgresDatabase } from '@elts/platform';
import { allReady, closedPort, deleteNamespacedStreams, eventually, uniqueName } from '@elts/platform/testing';
import { databaseUrlFor, distributedSettings, instancePort, type ProcessPlan, planDistributed, supervise } from '@elts/scripts';
import pg from 'pg';
import { ADMIN_ENV, dropDatabases, NATS_URL, POSTGRES_URL } from './client.js';
import { pinToServerCore, procCpuUs, procRss, type ServerProcess } from './server-process.js';

const ROOT = resolve(import.meta.dirname, '../..');
const STARTUP_LIMIT_MS = 180_000;

/**
 * The plan with every service on a free port instead of its fixed one (4101...): other work on this machine (the
 * fault suite) runs the same topology on those ports. Entry points from source instead of dist.
 */
export function relocate(plans: ProcessPlan[], ports: Record<number, number>): ProcessPlan[] {
  const moved = (value: string) =>
    value.replace(/127\.0\.0\.1:(\d+)/g, (whole, port: string) => (ports[Number(port)] ? `127.0.0.1:${ports[Number(port)]}` : whole));
  return plans.map((plan) => ({
    label: plan.label,
    args: ['--conditions=source', '--import', 'tsx', ...plan.args.map((arg) => arg.replace(/\/dist\/(.+)\.js$/, '/src/$1.ts'))],
    env: Object.fromEntries(
      Object.entries(plan.env).map(([key, value]) => [key, key === 'PORT' ? String(ports[Number(value)] ?? value) : moved(value)]),
    ),
  }));
}

/** The processes whose parent is `parent` (from /proc), with their command lines. */
function children(parent: number): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ') });
    } catch {
      // The process ended while the list was read.
    }
  }
  return found;
}

/**
 * CPU time summed over a changing set of processes, never going backwards: a process that has ended keeps the last
 * figure read for it (its last moments are lost, a few ticks), one that appears counts from its start.
 */
export class CpuMeter {
  private readonly last = new Map<number, number>();

  /** Reads `pids` (`read` answers undefined for one that has ended) and answers the total over every pid seen. */
  update(pids: readonly number[], read: (pid: number) => number | undefined): number {
    for (const pid of pids) {
      const cpu = read(pid);
      if (cpu !== undefined) this.last.set(pid, Math.max(cpu, this.last.get(pid) ?? 0));
    }
    let total = 0;
    for (const cpu of this.last.values()) total += cpu;
    return total;
  }
}

/** A process's CPU time (µs), or undefined once it has ended. */
export const cpuOf = (pid: number) => {
  try {
    return procCpuUs(pid);
  } catch {
    return undefined;
  }
};

export interface DistributedOptions {
  /** Instances per service, as `INSTANCES_<SERVICE>` gives them to `npm run start:distributed` (1 each by default). */
  instances?: Partial<Record<ServiceName, number>>;
  /**
   * Pins the stack to the server's core (the default: CPU per request). The drop measures latency and where the
   * stack saturates, which a one-core pin would decide by itself.
   */
  pin?: boolean;
  /** Settings of the product beside the stack's own (every process gets them). */
  env?: Record<string, string>;
}

/** A running stack, and where each service keeps its database (for the bench's own fixed reads). */
export interface DistributedStack extends ServerProcess {
  databaseUrl(service: ServiceName): string;
}

/**
 * Starts the stack (one instance of each process unless `instances` says more), waits until every process answers
 * /ready, and pins the node processes and their PostgreSQL backends to the server's core (unless `pin` is false).
 * `usage()` sums their CPU; `stop()` also drops the databases and the NATS streams this run made.
 */
export async function startDistributed(options: DistributedOptions = {}): Promise<DistributedStack> {
  const began = performance.now();
  const prefix = `${uniqueName('bench_')}_`;
  const namespace = uniqueName('bench');
  const dataDir = await mkdtemp(join(tmpdir(), 'elts-bench-distributed-'));
  const gatewayPort = await closedPort();
  const config = distributedSettings.parse({
    NODE_ENV: 'test',
    // What production runs: no check of each answer against its contract (packages/platform's mount).
    ANSWER_CHECKS: 'off',
    // Warnings and errors only: a line per request would be a cost the silent all-in-one does not pay.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    PORT: String(gatewayPort),
    POSTGRES_URL,
    DATABASE_PREFIX: prefix,
    NATS_URL,
    NATS_NAMESPACE: namespace,
  });
  const instances = Object.fromEntries(
    Object.entries(options.instances ?? {}).map(([service, count]) => [
      `INSTANCES_${service.toUpperCase().replace(/-/g, '_')}`,
      String(count),
    ]),
  );
  const ports: Record<number, number> = {};
  for (const service of SERVICE_NAMES) {
    for (let i = 0; i < (options.instances?.[service] ?? 1); i++) ports[instancePort(service, i)] = await closedPort();
  }
  // BENCH_CPU_PROF_DIR: each process of the stack writes a V8 CPU profile there when it stops, as startServer's do.
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const plans = relocate(planDistributed(config, 'b'.repeat(40), instances), ports).map((plan) => ({
    ...plan,
    args: [...profile, ...plan.args],
  }));
  const databaseUrl = (service: ServiceName) => databaseUrlFor(config, service);
  const databases = SERVICE_NAMES.map(databaseUrl);
  for (const url of databases) await ensurePostgresDatabase(url);

  const lines: string[] = [];
  const supervisor = supervise(
    plans,
    ROOT,
    { ...process.env, ...ADMIN_ENV, RATE_LIMITS: 'off', DATA_DIR: dataDir, ...options.env },
    (line) => {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      // Restarts, warnings and errors: what the bench must see (the level keeps requests out of it).
      process.stderr.write(`  ${line}\n`);
    },
  );
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  const stop = async () => {
    await supervisor.stop();
    await admin.end().catch(() => {});
    await dropDatabases(databases);
    await deleteNamespacedStreams(NATS_URL, `${namespace}.`).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const answering = plans.map((plan) => Number(plan.env.PORT));
    await eventually(() => allReady(answering), STARTUP_LIMIT_MS, 250).catch((error) => {
      throw new Error(`the distributed stack did not become ready: ${error}\n${lines.slice(-30).join('\n')}`);
    });
    await admin.connect();
  } catch (error) {
    await stop();
    throw error;
  }

  const startMs = performance.now() - began;
  const nodePids = () => children(process.pid).filter((child) => child.command.includes('/src/main.ts'));
  const started = nodePids().map((child) => child.pid);
  if (started.length !== plans.length) {
    await stop();
    throw new Error(`expected ${plans.length} processes of the stack, found ${started.length}`);
  }
  const backends = async () =>
    (
      await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname like $1', [`${prefix.replace(/_/g, '\\_')}%`])
    ).rows.map((row) => row.pid);
  const pinned = new Set<number>();
  const pin = (pids: number[]) => {
    if (options.pin === false) return;
    for (const pid of pids) {
      if (pinned.has(pid)) continue;
      pinned.add(pid);
      try {
        pinToServerCore(pid);
      } catch {
        // A backend that ended meanwhile.
      }
    }
  };
  pin(started);
  const all = new CpuMeter();
  const database = new CpuMeter();
  const readNodes = () => {
    const now = nodePids().map((child) => child.pid);
    // A restarted process would take its CPU with it and start a new count: the figure would mean nothing.
    if (now.length !== started.length || now.some((pid) => !started.includes(pid))) {
      throw new Error(`a process of the distributed stack restarted:\n${lines.slice(-30).join('\n')}`);
    }
    return now;
  };
  return {
    pid: process.pid,
    baseURL: `http://127.0.0.1:${gatewayPort}`,
    startMs,
    call: () => Promise.reject(new Error('the distributed stack has no IPC channel')),
    databaseUrl,
    async usage() {
      const nodes = readNodes();
      const pgPids = await backends();
      // New backends (a pool grew) join the stack's core as they appear.
      pin(pgPids);
      const postgres = database.update(pgPids, cpuOf);
      const cpuUs = all.update([...nodes, ...pgPids], cpuOf);
      return { cpuUs, rss: nodes.reduce((sum, pid) => sum + procRss(pid), 0), parts: { postgres } };
    },
    stop,
  };
}
