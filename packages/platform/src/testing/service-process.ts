import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eventually } from './test-infrastructure.js';

const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ServiceProcess {
  child: ChildProcess;
  /** Everything the process printed so far (for failure messages). */
  output: string[];
  /** Kill -9 and wait for the exit: a crash, not a shutdown. */
  crash(): Promise<void>;
}

/**
 * Starts a service's real entry point (`services/<name>/src/main.ts` from the repository root) as its own process
 * with only the given environment, and waits until its /ready answers 200. Crash tests kill it and start another.
 */
export async function startServiceProcess(entry: string, port: number, env: Record<string, string>): Promise<ServiceProcess> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const ready = () => allReady([port]);
  // Generous: a cold start under a loaded machine (tsx, PGlite, migrations, the demo seed) can take a while.
  await eventually(ready, 90_000, 200).catch(() => {
    child.kill('SIGKILL');
    throw new Error(`${entry} did not start:\n${output.join('')}`);
  });
  return {
    child,
    output,
    crash: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Whether every local port answers `GET /ready` with 200 (a refused connection is simply not ready yet). */
export async function allReady(ports: number[]): Promise<boolean> {
  const statuses = await Promise.all(
    ports.map((port) =>
      fetch(`http://127.0.0.1:${port}/ready`).then(
        (r) => r.status,
        () => 0,
      ),
    ),
  );
  return statuses.every((status) => status === 200);
}
