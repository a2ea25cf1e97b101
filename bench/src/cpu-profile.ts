/**
 * Where a V8 CPU profile's time went, by the code that spent it: the product's own folders, each library the
 * requests pass through, Node's core and V8's own work. Pure: reads a profile (the `Profiler.stop` answer, or a
 * `.cpuprofile` file), writes nothing.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository's root as a profile names its files, cut from the functions' places. */
const ROOT = `${pathToFileURL(resolve(import.meta.dirname, '../..')).href}/`;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame }>;
  samples: number[];
  /** Microseconds since the sample before (the first: since the profile's start). */
  timeDeltas: number[];
}

export interface ProfileShare {
  name: string;
  ms: number;
  /** Of the busy time (idle left out), 0 to 1. */
  share: number;
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  parts: ProfileShare[];
  functions: ProfileShare[];
}

/** The libraries named on their own; any other package is "other packages". */
const LIBRARIES: Array<[RegExp, string]> = [
  [/\/@electric-sql\/pglite\//, 'PGlite'],
  [/\/kysely\//, 'Kysely'],
  [/\/(pg|pg-protocol|pg-pool|pg-types|pg-connection-string)\//, 'node-postgres'],
  [/\/(hono|@hono\/[^/]+)\//, 'Hono'],
  [/\/zod\//, 'zod'],
  [/\/(pino|pino-std-serializers|sonic-boom|thread-stream)\//, 'logging (pino)'],
  [/\/undici\//, 'undici'],
  [/\/(nats|@nats-io\/[^/]+)\//, 'NATS client'],
];

/** The product's own folders, by the part of the repository they are in. */
const OWN: Array<[RegExp, string]> = [
  [/\/packages\/platform\//, 'our platform (packages/platform)'],
  [/\/packages\/contracts\//, 'our contracts (packages/contracts)'],
  [/\/services\//, 'our services (services/*)'],
  [/\/gateway\//, 'our gateway (gateway/)'],
  [/\/workflows\//, 'our workflows (workflows/)'],
];

/** What spent a sample, by its function's source. */
export function partOf({ functionName, url }: CallFrame): string | 'idle' {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)' || functionName === '(root)') return 'V8 and native code outside JavaScript';
  if (url === '') return 'built-ins (JSON, crypto, writev and others)';
  // PGlite is PostgreSQL compiled to WebAssembly: its wasm functions are the database's own work.
  if (url.startsWith('wasm://')) return 'PGlite';
  if (url.startsWith('node:')) return "Node's core (HTTP, streams, timers)";
  if (url.includes('/node_modules/')) {
    // The innermost package names it: a library's own dependencies count as that library when listed here.
    const inner = url.slice(url.lastIndexOf('/node_modules/'));
    for (const [pattern, name] of LIBRARIES) if (pattern.test(inner)) return name;
    return 'other packages';
  }
  for (const [pattern, name] of OWN) if (pattern.test(url)) return name;
  return 'other code';
}

const shares = (spent: Map<string, number>, busyMs: number, most: number): ProfileShare[] =>
  [...spent.entries()]
    .map(([name, ms]) => ({ name, ms, share: busyMs > 0 ? ms / busyMs : 0 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, most);

/** Self time by part, and the functions that spent the most themselves (`most` of them). */
export function summarizeProfile(profile: CpuProfile, most = 15): ProfileSummary {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byPart = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let idleMs = 0;
  let busyMs = 0;
  profile.samples.forEach((id, at) => {
    const frame = frames.get(id);
    // A sample stands for the time until the next one: its delta is the one after it.
    const ms = (profile.timeDeltas[at + 1] ?? 0) / 1000;
    if (!frame) return;
    const part = partOf(frame);
    if (part === 'idle') {
      idleMs += ms;
      return;
    }
    busyMs += ms;
    byPart.set(part, (byPart.get(part) ?? 0) + ms);
    const file = frame.url.includes('/node_modules/')
      ? frame.url.slice(frame.url.lastIndexOf('/node_modules/') + 14)
      : frame.url.replace(ROOT, '');
    const where = frame.url ? `${file}:${frame.lineNumber + 1}` : part;
    const name = `${frame.functionName || '(anonymous)'} (${where})`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  return { busyMs, idleMs, parts: shares(byPart, busyMs, Number.POSITIVE_INFINITY), functions: shares(byFunction, busyMs, most) };
}
