import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { partOf, summarizeProfile } from '../src/cpu-profile.js';

const repo = pathToFileURL(resolve(import.meta.dirname, '../..')).href;
const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

describe('where a CPU profile spent its time', () => {
  it.each([
    [frame('(idle)'), 'idle'],
    [frame('(garbage collector)'), 'garbage collection'],
    [frame('(program)'), 'V8 and native code outside JavaScript'],
    [frame('writev'), 'built-ins (JSON, crypto, writev and others)'],
    [frame('emit', 'node:events'), "Node's core (HTTP, streams, timers)"],
    [frame('query', `${repo}/node_modules/@electric-sql/pglite/dist/index.js`), 'PGlite'],
    [frame('wasm-function[2272]', 'wasm://wasm/022a9842'), 'PGlite'],
    [frame('compile', `${repo}/node_modules/kysely/dist/esm/query-compiler.js`), 'Kysely'],
    [frame('parse', `${repo}/node_modules/pg-protocol/dist/parser.js`), 'node-postgres'],
    [frame('dispatch', `${repo}/node_modules/hono/dist/compose.js`), 'Hono'],
    [frame('x', `${repo}/node_modules/kysely/node_modules/zod/index.js`), 'zod'],
    [frame('x', `${repo}/node_modules/left-pad/index.js`), 'other packages'],
    [frame('resolve', `${repo}/packages/platform/src/front/sessions.ts`), 'our platform (packages/platform)'],
    [frame('placeOrder', `${repo}/services/orders/src/commands/place-order.ts`), 'our services (services/*)'],
  ])('%o is %s', (given, part) => {
    expect(partOf(given)).toBe(part);
  });

  it('charges each sample the time until the next, leaves idle time out of the shares, and names the busiest functions', () => {
    const summary = summarizeProfile({
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('compile', `${repo}/node_modules/kysely/dist/esm/compiler.js`, 9) },
        { id: 4, callFrame: frame('placeOrder', `${repo}/services/orders/src/place-order.ts`, 41) },
      ],
      samples: [3, 3, 4, 2, 3],
      timeDeltas: [0, 1000, 3000, 2000, 4000],
    });
    // compile: 1 ms + 3 ms (its samples' next deltas), placeOrder 2 ms, idle 4 ms, the last sample nothing.
    expect(summary.idleMs).toBe(4);
    expect(summary.busyMs).toBe(6);
    expect(summary.parts).toEqual([
      { name: 'Kysely', ms: 4, share: 4 / 6 },
      { name: 'our services (services/*)', ms: 2, share: 2 / 6 },
    ]);
    expect(summary.functions.map((fn) => fn.name)).toEqual([
      'compile (kysely/dist/esm/compiler.js:10)',
      'placeOrder (services/orders/src/place-order.ts:42)',
    ]);
  });
});
