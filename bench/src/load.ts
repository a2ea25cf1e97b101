import autocannon from 'autocannon';
import type { ServerProcess } from './server-process.js';
import { cpuPerRequest, median } from './stats.js';

export interface Route {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: string;
}

/**
 * Runs are counted in requests, not seconds: on a machine shared with other work a fixed duration can end with too
 * few answers to mean anything. `maxS` caps a run all the same (the bench must finish in 15 minutes).
 */
export interface Plan {
  warmupRequests: number;
  runs: number;
  requests: number;
  maxS: number;
  connections: number;
  /**
   * Seconds before autocannon gives a request up (its default: 10). A request given up is sent again while the server
   * still works on the first, whose CPU then counts for no answer: a server slower than that under 50 connections
   * (the bench's peer) needs longer.
   */
  timeoutS?: number;
}

export const FULL: Plan = { warmupRequests: 1000, runs: 3, requests: 3000, maxS: 12, connections: 50 };
export const QUICK: Plan = { warmupRequests: 300, runs: 1, requests: 500, maxS: 6, connections: 50 };

export interface RouteCost {
  /** Medians over the runs. */
  cpuUsPerRequest: number;
  p99Ms: number;
  requestsPerSecond: number;
  /** The server's background CPU with no load, µs per second (already taken out of cpuUsPerRequest). */
  idleUsPerS: number;
  /** Answers other than 2xx, over every run: a benchmark of errors measures nothing. */
  failures: number;
  /** For a server of several processes: each named part's CPU per request (median, idle not taken out). */
  parts?: Record<string, number>;
  runs: Array<{ cpuUsPerRequest: number; p99Ms: number; requests: number; parts?: Record<string, number> }>;
}

/** Sends `amount` requests of one route over the plan's connections. */
export function blast(server: ServerProcess, route: Route, amount: number, plan: Plan): Promise<autocannon.Result> {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolveRun, reject) => {
    instance = autocannon(
      {
        url: server.baseURL + route.path,
        method: route.method ?? 'GET',
        connections: plan.connections,
        amount,
        ...(plan.timeoutS ? { timeout: plan.timeoutS } : {}),
        headers: {
          accept: 'application/json',
          ...(route.token ? { authorization: `Bearer ${route.token}` } : {}),
          ...(route.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(route.body !== undefined ? { body: route.body } : {}),
      },
      (error, result) => (error ? reject(error) : resolveRun(result)),
    );
  });
  const cap = setTimeout(() => instance?.stop(), plan.maxS * 1000);
  return done.finally(() => clearTimeout(cap));
}

/**
 * What the server spends with no requests at all (its pollers and timers), µs per second: subtracted from each run,
 * so a route served slowly on a busy machine is not charged for the background work of those seconds.
 */
async function idleCpu(server: ServerProcess, seconds = 2): Promise<number> {
  const before = await server.usage();
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = await server.usage();
  return (after.cpuUs - before.cpuUs) / ((performance.now() - began) / 1000);
}

/**
 * One route's cost: a warm-up, then `runs` timed runs, each read as the server's CPU time spent over the requests
 * it answered (the server is otherwise idle) and autocannon's p99. Medians, so one noisy run does not decide.
 */
export async function measureRoute(server: ServerProcess, route: Route, plan: Plan): Promise<RouteCost> {
  await blast(server, route, plan.warmupRequests, plan);
  const runs: RouteCost['runs'] = [];
  let failures = 0;
  let rps: number[] = [];
  const idleUsPerS = await idleCpu(server);
  for (let run = 0; run < plan.runs; run++) {
    const before = await server.usage();
    const began = performance.now();
    const result = await blast(server, route, plan.requests, plan);
    const after = await server.usage();
    const seconds = (performance.now() - began) / 1000;
    const requests = result.requests.total;
    failures += result.non2xx + result.errors + result.timeouts;
    const cpu = cpuPerRequest(before.cpuUs + idleUsPerS * seconds, after.cpuUs, requests);
    const parts = before.parts
      ? Object.fromEntries(
          Object.entries(before.parts).map(([part, was]) => [part, cpuPerRequest(was, after.parts?.[part] ?? was, requests)]),
        )
      : undefined;
    runs.push({ cpuUsPerRequest: cpu, p99Ms: result.latency.p99, requests, ...(parts ? { parts } : {}) });
    rps = [...rps, result.requests.average];
  }
  const cost = {
    cpuUsPerRequest: median(runs.map((run) => run.cpuUsPerRequest)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    requestsPerSecond: median(rps),
    idleUsPerS,
    failures,
    ...(runs[0]?.parts
      ? {
          parts: Object.fromEntries(
            Object.keys(runs[0].parts).map((part) => [part, median(runs.map((run) => run.parts?.[part] ?? Number.NaN))]),
          ),
        }
      : {}),
    runs,
  };
  console.log(
    `  ${route.name}: ${cost.cpuUsPerRequest.toFixed(0)} µs CPU/request, p99 ${cost.p99Ms} ms, ${cost.requestsPerSecond.toFixed(0)} req/s, idle ${(idleUsPerS / 1000).toFixed(0)} ms CPU/s${Object.entries(
      cost.parts ?? {},
    )
      .map(([part, us]) => `, ${part} ${us.toFixed(0)} µs/request`)
      .join('')}${failures ? `, ${failures} failures` : ''}`,
  );
  return cost;
}
