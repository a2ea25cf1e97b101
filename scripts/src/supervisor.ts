import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ProcessPlan } from './distributed-plan.js';

/**
 * Starts each planned process, prefixes its output with its label, restarts one that dies on its own (as a process
 * manager would), and stops them all on SIGINT or SIGTERM.
 */
export function supervise(
  plans: ProcessPlan[],
  cwd: string,
  baseEnv: NodeJS.ProcessEnv,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): { stop(): Promise<void> } {
  let stopping = false;
  const children = new Map<string, ChildProcess>();

  const start = (plan: ProcessPlan) => {
    const child = spawn(process.execPath, plan.args, {
      cwd,
      env: { ...baseEnv, ...plan.env, LOG_FORMAT: 'pretty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(plan.label, child);
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
    async stop() {
      stopping = true;
      const exits = [...children.values()].map((child) => new Promise((resolve) => child.once('exit', resolve)));
      for (const child of children.values()) child.kill('SIGTERM');
      await Promise.all(exits);
    },
  };
}
