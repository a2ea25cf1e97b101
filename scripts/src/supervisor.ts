import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { EXIT_BAD_CONFIG } from '@elts/platform';
import type { ProcessPlan } from './distributed-plan.js';

export interface Supervised {
  /** Sends `signal` to the process with this label and resolves once it has exited (it is then restarted). */
  kill(label: string, signal?: NodeJS.Signals): Promise<void>;
  /**
   * Sends `signal` to the process with this label and returns at once: SIGSTOP freezes it (its connections stay open,
   * unanswered), SIGCONT thaws it. The fault suite freezes a service to hold another's calls to it mid-way.
   */
  signal(label: string, signal: NodeJS.Signals): void;
  /** How many times each process has been started: 1 for one that never died. */
  starts(label: string): number;
  stop(): Promise<void>;
  /**
   * Resolves when a process stopped on its settings (exit code 78, EX_CONFIG): restarting it would fail the same way
   * forever, so it is not restarted and every other process is stopped before this resolves.
   */
  badConfig: Promise<{ label: string }>;
}

/**
 * Starts each planned process, prefixes its output with its label, restarts one that dies on its own (as a process
 * manager would), unless it stopped on bad settings, and stops them all on SIGINT or SIGTERM.
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
  let reportBadConfig!: (failure: { label: string }) => void;
  const badConfig = new Promise<{ label: string }>((resolve) => {
    reportBadConfig = resolve;
  });

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
    // 'close', not 'exit': the process's last lines (its list of bad settings) are written out first.
    child.on('close', (code, signal) => {
      children.delete(plan.label);
      if (stopping) return;
      if (code === EXIT_BAD_CONFIG) {
        write(`[${plan.label}] stopped on its settings (listed above); stopping every process`);
        void stopAll().then(() => reportBadConfig({ label: plan.label }));
        return;
      }
      write(`[${plan.label}] exited (${signal ?? code}); restarting in 1 s`);
      setTimeout(() => {
        if (!stopping) start(plan);
      }, 1000);
    });
  };
  const stopAll = async () => {
    stopping = true;
    const exits = [...children.values()].map(exited);
    for (const child of children.values()) {
      child.kill('SIGTERM');
      // A frozen process (SIGSTOP) would hold its SIGTERM until thawed.
      child.kill('SIGCONT');
    }
    await Promise.all(exits);
  };
  for (const plan of plans) start(plan);

  return {
    async kill(label, signal = 'SIGKILL') {
      const child = children.get(label);
      if (!child) throw new Error(`no running process is labelled ${label}`);
      const gone = exited(child);
      child.kill(signal);
      await gone;
    },
    signal(label, signal) {
      const child = children.get(label);
      if (!child) throw new Error(`no running process is labelled ${label}`);
      child.kill(signal);
    },
    starts: (label) => startCounts.get(label) ?? 0,
    stop: stopAll,
    badConfig,
  };
}

/** A child between its exit and its streams' close is still listed; it must not be waited for twice. */
function exited(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', resolve));
}
