/**
 * The bench talks to the server it measures over the child-process IPC channel: the server's own CPU time
 * (process.cpuUsage(), microsecond resolution, unlike /proc's 10 ms ticks) and memory, and for the product a few
 * reads of its database that no public endpoint offers. Loopback HTTP stays reserved for the load being measured.
 */
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface IpcRequest {
  id: number;
  kind: string;
  args?: unknown;
}

export type Handler = (args: any) => unknown | Promise<unknown>;

export function serveIpc(handlers: Record<string, Handler>): void {
  // How long the event loop went without turning: a stall holds every connection, even one about to be answered.
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  // A V8 CPU profile of a stretch the bench chooses (bench/src/route-profile.ts): the route's load, not the setup.
  // Connected only when asked, so no other measurement runs with an inspector session attached.
  const inspector = new Session();
  const all: Record<string, Handler> = {
    profileStart: async () => {
      inspector.connect();
      await inspector.post('Profiler.enable');
      // One sample a millisecond: finer sampling costs the server more than the route does.
      await inspector.post('Profiler.setSamplingInterval', { interval: 1000 });
      await inspector.post('Profiler.start');
    },
    profileStop: async () => {
      const { profile } = await inspector.post('Profiler.stop');
      inspector.disconnect();
      return profile;
    },
    /** The longest and the 99th-percentile event-loop delay (ms) since the last call, which starts a new count. */
    loopDelay: () => {
      const delay = { maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6 };
      loop.reset();
      return delay;
    },
    usage: () => ({ cpu: process.cpuUsage(), rss: process.memoryUsage().rss }),
    gc: () => {
      (globalThis as { gc?: () => void }).gc?.();
      return process.memoryUsage().rss;
    },
    ...handlers,
  };
  process.on('message', async (message: IpcRequest) => {
    try {
      const handler = all[message.kind];
      if (!handler) throw new Error(`no IPC handler ${message.kind}`);
      process.send?.({ id: message.id, ok: true, value: await handler(message.args) });
    } catch (error) {
      process.send?.({ id: message.id, ok: false, error: String((error as Error).stack ?? error) });
    }
  });
  // The bench may die without a SIGTERM: do not outlive it.
  process.on('disconnect', () => process.exit(0));
}
