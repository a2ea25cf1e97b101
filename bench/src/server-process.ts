import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const SERVERS = resolve(import.meta.dirname, 'servers');
const STARTUP_LIMIT_MS = 120_000;

/** Two cores or more: the server gets the last core and the bench (the load generator) the others. */
export const CORES = (() => {
  try {
    return Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    return 1;
  }
})();
export const PINNED = CORES >= 2 && existsSync('/usr/bin/taskset');
const SERVER_CORE = String(CORES - 1);

/** Pins another process (every thread of it) to the server's core: the processes of the distributed stack. */
export function pinToServerCore(pid: number): void {
  if (PINNED) execFileSync('taskset', ['-a', '-cp', SERVER_CORE, String(pid)], { stdio: 'ignore' });
}

const ALL_CORES = `0-${CORES - 1}`;

/** Pins this process (every thread of it) off the server's core. */
export function pinBench(): void {
  if (!PINNED) return;
  execFileSync('taskset', ['-a', '-cp', `0-${CORES - 2}`, String(process.pid)], { stdio: 'ignore' });
}

/**
 * Lets this process use every core again, for a benchmark that is not about CPU per request and starts processes of
 * its own (a browser): a child inherits its parent's cores, and would otherwise share the bench's one.
 */
export function unpinBench(): void {
  if (!PINNED) return;
  execFileSync('taskset', ['-a', '-cp', ALL_CORES, String(process.pid)], { stdio: 'ignore' });
}

export interface Usage {
  /** User plus system CPU time, microseconds. */
  cpuUs: number;
  rss: number;
  /** CPU time of named parts of it (µs), for a server made of several processes. */
  parts?: Record<string, number>;
}

export interface ServerProcess {
  pid: number;
  baseURL: string;
  /** From spawn to the `listening` line. */
  startMs: number;
  call<T>(kind: string, args?: unknown): Promise<T>;
  usage(): Promise<Usage>;
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux almost everywhere). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, µs) of a process from /proc, in clock ticks: for processes without the IPC channel. */
export function procCpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
}

export function procRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** A server's command line on the server's core (or every core when `pin` is false). */
export function onServerCore(command: string[], pin = true): string[] {
  // Unpinned still needs taskset: a child inherits the bench's own core, and would share it with the load generator.
  return PINNED ? ['taskset', '-c', pin ? SERVER_CORE : ALL_CORES, ...command] : command;
}

/** Waits for a server's `listening <port>` line on its standard output (two minutes at most). */
export function listeningPort(child: ChildProcess, what: string): Promise<number> {
  return new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within two minutes`)), STARTUP_LIMIT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with code ${code} before it listened`));
    });
  });
}

/**
 * Starts one of bench/src/servers/* from source in its own process, pinned to its own core, with a fresh data folder,
 * and waits for its `listening <port>` line.
 */
export async function startServer(script: string, env: Record<string, string> = {}, pin = true): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'elts-bench-'));
  // BENCH_CPU_PROF_DIR: each server writes a V8 CPU profile there when it stops (where a figure's cost goes).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const node = [process.execPath, '--expose-gc', ...profile, '--conditions=source', '--import', 'tsx', join(SERVERS, script)];
  const command = onServerCore(node, pin);
  const began = performance.now();
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, NODE_ENV: 'test', ANSWER_CHECKS: 'off', RATE_LIMITS: 'off', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  child.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: string }) => {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) waiter?.resolve(message.value);
    else waiter?.reject(new Error(message.error));
  });
  child.once('exit', () => {
    for (const waiter of pending.values()) waiter.reject(new Error(`${script} exited`));
    pending.clear();
  });
  const stop = async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  let port: number;
  try {
    port = await listeningPort(child, script);
  } catch (error) {
    await stop();
    throw error;
  }
  const startMs = performance.now() - began;
  const call = <T>(kind: string, args?: unknown) =>
    new Promise<T>((resolveCall, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolveCall, reject });
      child.send({ id, kind, args });
    });
  return {
    pid: child.pid!,
    baseURL: `http://127.0.0.1:${port}`,
    startMs,
    call,
    async usage() {
      const { cpu, rss } = await call<{ cpu: NodeJS.CpuUsage; rss: number }>('usage');
      return { cpuUs: cpu.user + cpu.system, rss };
    },
    stop,
  };
}

/**
 * Waits until the server is idle (under a quarter of a core, its processes together, for two seconds in a row; at
 * most three minutes) and answers how long that took. Members made through the API leave minutes of events for the
 * projections to catch up on, and a drop measured over that backlog would charge its CPU to the buyers: on a Friday
 * night the sign-ups came days before.
 */
export async function quiet(server: ServerProcess): Promise<number> {
  const began = performance.now();
  let calm = 0;
  let before = await server.usage();
  while (calm < 2 && performance.now() - began < 180_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await server.usage();
    calm = after.cpuUs - before.cpuUs < 250_000 ? calm + 1 : 0;
    before = after;
  }
  return (performance.now() - began) / 1000;
}

/** Asks a server process to stop (SIGTERM), and makes it (SIGKILL) if it has not within ten seconds. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}
