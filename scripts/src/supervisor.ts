import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ProcessPlan } from './distributed-plan.js';

export interface Supervised {
  /** Sends `signal` to the process with this label and resolves once it has exited (it is then restarted). */
  kill(label: string, signal?: NodeJS.Signals): Promise<void>;
  /** How many times each process has been started: 1 for one that never died. */
  starts(label: string): number;
  stop(): Promise<void>;
}

/**
 * Starts each planned process, prefixes its output with its label, restarts one that dies on its own (as a process
 * manager would), and stops them all on SIGINT or SIGTERM.
 */
export function supervise(
  plans: ProcessPlan[],
  cwd: string,
  baseEnv: NodeJS.ProcessEnv,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Supervised {
  let stopping = false;
  const children = new Map<string, ChildProcess>();
  const startCounts = new Map<string, number>();

  const start = (plan: ProcessPlan) => {
    const child = spawn(process.execPath, plan.args, {
      cwd,
      env: { ...baseEnv, ...plan.env, LOG_FORMAT: 'pretty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(plan.label, child);
    startCounts.set(plan.label, (startCounts.get(plan.label) ?? 0) + 1);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => write(`[${plan.label}] ${line}`));
    }
    child.on('exit', (code, signal) => {
      children.delete(plan.label);
      if (stopping) return;
      write(`[${plan.label}] exited (${signal ?? code}); restarting in 1 s`);
      setTimeout(() => {
        if (!stopping) start(plan);
      }, 1000);
    });
  };
  for (const plan of plans) start(plan);

  return {
    async kill(label, signal = 'SIGKILL') {
      const child = children.get(label);
      if (!child) throw new Error(`no running process is labelled ${label}`);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
    starts: (label) => startCounts.get(label) ?? 0,
    async stop() {
      stopping = true;
      const exits = [...children.values()].map((child) => new Promise((resolve) => child.once('exit', resolve)));
      for (const child of children.values()) child.kill('SIGTERM');
      await Promise.all(exits);
    },
  };
}
