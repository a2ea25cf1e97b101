import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATIONS, SERVICE_NAMES } from '@elts/contracts';
import { closeServer, listen } from '@elts/platform';
import { rawHttp } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOf } from '../../src/routes.js';
import { type ProductUnderTest, startProduct } from '../support/product.js';
import { type DeclaredRoute, declaredRoute } from './access-table.js';
import {
  BAD_DATE_RANGES,
  BAD_HEADERS,
  BAD_HEADERS_WITH_SESSION,
  BAD_QUERY_VALUES,
  DATE_RANGE_KEYS,
  GENERIC_KEYS,
  type HeaderCase,
  QUERY_PARAMETERS,
  UNEXPECTED_METHODS,
} from './bad-requests.js';
import { RECORD_KEY, textFieldsOf, withTextAt } from './text-fields.js';

const WEB_DIR = fileURLToPath(new URL('../../../web', import.meta.url));
// With the web apps built (npm test builds first), their pages are tried too; without, the gateway says it has none (503).
const built = existsSync(join(WEB_DIR, 'shell', 'dist', 'index.html'));

/** Stands in for every id in a path: well formed, belonging to nothing. */
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
/** Requests in flight at once: enough to keep two cores busy, few enough to keep the answers' order readable. */
const IN_FLIGHT = 4;

type Caller = 'member' | 'admin';

interface Case {
  label: string;
  method: string;
  path: string;
  caller?: Caller;
  headers?: Record<string, string>;
  body?: string;
  /** A status this case must be answered with (beyond "below 500"). */
  expected?: number;
  /** What else the answer must show: a problem in words, or undefined when it shows it. */
  check?: (answer: Answer) => string | undefined;
}

interface Answer {
  status: number;
  text: string;
}

/**
 * The fuzz pass (issue 9, suite 2, continued): every route the product serves, over a real socket to its gateway,
 * with impossible dates, extreme and malformed numbers, empty, huge, repeated and NUL-bearing query values; with
 * oversized and malformed credentials and garbage headers; and with methods it does not answer to (TRACE among them,
 * which an in-process call cannot even build). As a member and as an admin. Nothing may answer 5xx, TRACE is 405
 * everywhere, credentials that cannot be a session are 401 wherever a session is needed, no promise rejection may
 * go unhandled, and the product must still answer its health check at the end. And half a UTF-16 surrogate pair in
 * every text field (and every free key) of every operation that takes a body, read from its schema: a 400 whose
 * message is a sentence about the field (issue 32).
 */
describe('fuzz pass: bad queries, headers and methods on every route', () => {
  let harness: ProductUnderTest;
  let server: Awaited<ReturnType<typeof listen>>['server'] | undefined;
  let port = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const tokens = {} as Record<Caller, string>;
  const routes: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    harness = await startProduct('pglite', {}, undefined, built ? { webDir: WEB_DIR } : {});
    for (const name of SERVICE_NAMES) {
      for (const route of harness.product.services[name].instance.app.routes) {
        const key = `${route.method} ${route.path}`;
        if (route.method === 'ALL' || ownerOf(route.path) !== name || routes.includes(key)) continue;
        routes.push(key);
      }
    }
    tokens.member = await harness.subscriber('fuzz.pass@example.in', 'Fuzz Pass');
    tokens.admin = await harness.adminToken();
    ({ server, port } = await listen(harness.product.gateway, 0, '127.0.0.1'));
  }, 180_000);
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    agent.destroy();
    if (server) await closeServer(server);
    await harness?.stop();
  });

  function send(sent: Case): Promise<Answer> {
    const headers: Record<string, string | number> = { accept: 'application/json' };
    if (sent.caller) headers.authorization = `Bearer ${tokens[sent.caller]}`;
    if (sent.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(sent.body);
    }
    Object.assign(headers, sent.headers);
    return new Promise((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, method: sent.method, path: sent.path, headers, agent }, (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
        });
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
      });
      outgoing.on('error', reject);
      outgoing.end(sent.body);
    });
  }

  /** Sends every case, IN_FLIGHT at a time; answers each with the problem it shows, if any. */
  async function run(cases: Case[]): Promise<string[]> {
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const sent = cases[next++] as Case;
        const seen = `${sent.method} ${sent.path.slice(0, 120)} (${sent.label}${sent.caller ? `, as ${sent.caller}` : ''})`;
        try {
          const answer = await send(sent);
          if (answer.status >= 500) problems.push(`${seen} → ${answer.status} ${answer.text.slice(0, 160)}`);
          else if (sent.expected && answer.status !== sent.expected)
            problems.push(`${seen} → ${answer.status}, expected ${sent.expected}: ${answer.text.slice(0, 120)}`);
          else {
            const problem = sent.check?.(answer);
            if (problem) problems.push(`${seen} → ${problem}`);
          }
        } catch (error) {
          problems.push(`${seen} → no answer: ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    return problems;
  }

  const declared = (key: string): DeclaredRoute | undefined => declaredRoute(key);
  const callerOf = (key: string): Caller => (declared(key)?.access === 'admin' ? 'admin' : 'member');
  /** The route's path with every parameter and fixture a made-up id (or its declared path's own literal values). */
  const pathOf = (key: string) => {
    const template = key.slice(key.indexOf(' ') + 1);
    return (declared(key)?.path ?? template).replace(/\{\w+\}/g, MADE_UP_ID).replace(/:\w+/g, MADE_UP_ID);
  };
  const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;
  /** The route's valid body with made-up ids, as JSON (form pages get it as JSON too: refused, never a 500). */
  const validBody = (key: string) => JSON.stringify(declared(key)?.body ?? declared(key)?.form ?? {}).replace(/\{(\w+)\}/g, MADE_UP_ID);
  const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

  it('answers bad query values below 500, on every parameter every route reads and on every other route', async () => {
    const cases: Case[] = [];
    for (const key of routes) {
      const method = key.slice(0, key.indexOf(' '));
      // A body no schema accepts, so that a write refuses before it acts: the query is what is being tried here.
      const body = hasBody(method) ? '{"fuzz":true}' : undefined;
      const keys = QUERY_PARAMETERS[key] ?? [];
      for (const [first, last] of DATE_RANGE_KEYS.filter((pair) => pair.every((name) => keys.includes(name)))) {
        for (const [from, to] of BAD_DATE_RANGES) {
          cases.push({
            label: `${first} = ${from}, ${last} = ${to}`,
            method,
            path: withQuery(pathOf(key), `${first}=${from}&${last}=${to}`),
            caller: callerOf(key),
            ...(body ? { body } : {}),
          });
        }
      }
      BAD_QUERY_VALUES.forEach((value, index) => {
        // Every read parameter gets every value; every route also gets every value once, under a key in turn.
        for (const parameter of [...keys, GENERIC_KEYS[index % GENERIC_KEYS.length] as string]) {
          cases.push({
            label: `${parameter} = ${value.label}`,
            method,
            path: withQuery(pathOf(key), value.query(parameter)),
            // Logging out would end the session the rest of the pass uses: those routes are tried with none.
            ...(declared(key)?.endsSession ? {} : { caller: callerOf(key) }),
            ...(body ? { body } : {}),
          });
        }
      });
    }
    expect(cases.length).toBeGreaterThan(3000);
    expect(await run(cases)).toEqual([]);
  }, 300_000);

  it('answers bad headers below 500, and credentials that cannot be a session with 401 where a session is needed', async () => {
    const host = `127.0.0.1:${port}`;
    const cases: Case[] = [];
    const add = (key: string, header: HeaderCase, caller?: Caller) => {
      const method = key.slice(0, key.indexOf(' '));
      const access = declared(key)?.access;
      cases.push({
        label: header.label,
        method,
        path: pathOf(key),
        ...(caller ? { caller } : {}),
        ...(hasBody(method) ? { body: validBody(key) } : {}),
        headers: header.headers(host),
        ...(header.replacesSession && (access === 'member' || access === 'admin') ? { expected: 401 } : {}),
      });
    };
    for (const key of routes) {
      for (const header of BAD_HEADERS) add(key, header);
      // A valid session beside the bad header: logging out would end the session the rest of the pass uses.
      if (declared(key)?.endsSession) continue;
      for (const header of BAD_HEADERS_WITH_SESSION) for (const caller of ['member', 'admin'] as const) add(key, header, caller);
    }
    expect(await run(cases)).toEqual([]);
  }, 300_000);

  it('answers methods a path does not serve below 500, and TRACE with 405 everywhere', async () => {
    const paths = [...new Set(routes.map(pathOf)), '/health', '/no/such/path', ...(built ? ['/', '/about'] : [])];
    const cases: Case[] = [];
    for (const path of paths) {
      for (const method of UNEXPECTED_METHODS) {
        for (const caller of ['member', 'admin'] as const) {
          cases.push({ label: method, method, path, caller, ...(method === 'TRACE' ? { expected: 405 } : {}) });
        }
      }
    }
    expect(await run(cases)).toEqual([]);
  }, 300_000);

  it('refuses half a surrogate pair in every text field of every operation that takes a body: 400, a sentence about the field', async () => {
    // JSON.stringify writes a lone surrogate as the escape an attacker's client would send ("\ud800"): valid JSON,
    // text PostgreSQL cannot store. Each of the three halves below answered 500 wherever it reached the database.
    const BROKEN = ['Asha \ud800', '\udfff', 'Goa\udbff\u0041'];
    const cases: Case[] = [];
    const operations = new Set<string>();
    for (const key of routes) {
      const method = key.slice(0, key.indexOf(' '));
      const op = OPERATIONS.find((candidate) => `${candidate.method} ${candidate.path}` === key);
      if (!op?.body || declared(key)?.endsSession) continue;
      const valid = JSON.parse(validBody(key)) as unknown;
      for (const field of textFieldsOf(op.body)) {
        operations.add(key);
        for (const text of BROKEN) {
          const inName = field.at(-1) === RECORD_KEY;
          const where = field.slice(0, inName ? -1 : undefined).join('.');
          cases.push({
            label: `${field.join('.')} = ${JSON.stringify(text)}`,
            method,
            path: pathOf(key),
            caller: callerOf(key),
            body: JSON.stringify(withTextAt(valid, field, text)),
            expected: 400,
            check: ({ text: answer }) => {
              const { message, issues } = JSON.parse(answer) as { message: string; issues?: { path: string }[] };
              // A sentence naming the field in words ("City contains ..."), never its path; the path is in issues.
              const sentence = inName
                ? /^A field name in the request body contains an invalid character\.$/
                : /^[A-Z][a-z0-9 ]* contains an invalid character\.$/;
              if (!sentence.test(message)) return `message ${JSON.stringify(message)}`;
              if (issues?.[0]?.path !== where) return `issue path ${issues?.[0]?.path}, expected ${where}`;
              return undefined;
            },
          });
        }
      }
    }
    // The operations the issue found answering 500, among all the others that take text.
    for (const key of [
      'POST /user/update-profile',
      'POST /product/create',
      'PUT /product/update/:id',
      'POST /admin/drops',
      'POST /product/order',
      'POST /product/order/:id/exchange',
      'POST /admin/exchanges/:id/refuse',
      'POST /user/contact',
      'PUT /admin/giveaway/prizes',
    ]) {
      expect(operations, key).toContain(key);
    }
    // Every operation reachable from outside that takes text is among them (the logouts take none).
    const takingText = OPERATIONS.filter((op) => op.access !== 'internal' && op.body && textFieldsOf(op.body).length > 0);
    expect([...operations].sort()).toEqual(takingText.map((op) => `${op.method} ${op.path}`).sort());
    expect(cases.length).toBeGreaterThan(300);
    expect(await run(cases)).toEqual([]);
  }, 300_000);

  it('closes the connection honestly after a body too large for the gateway (1 MB) or for a service (100 KiB)', async () => {
    const post = (bytes: number) => {
      const body = JSON.stringify({ message: 'x'.repeat(bytes) });
      return [
        `POST /user/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      ];
    };
    const next = `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
    for (const bytes of [1_200_000, 300_000]) {
      // The client's next request waits right behind the refused body, as a keep-alive client would send it.
      const refused = await rawHttp(port, [...post(bytes), next]);
      expect(refused.answers, `${bytes} bytes`).toEqual([{ status: 413, headers: expect.objectContaining({ connection: 'close' }) }]);
      expect(refused.closedByServer, `${bytes} bytes`).toBe(true);
      // A keep-alive client takes the header at its word: its next request goes out on a new connection, and works.
      const tooLarge = await send({ label: 'too large', method: 'POST', path: '/user/contact', body: post(bytes)[1] });
      expect(tooLarge.status).toBe(413);
      expect((await send({ label: 'next', method: 'GET', path: '/health' })).status).toBe(200);
    }
  });

  it('is still alive after all of it, and no promise rejection went unhandled', async () => {
    // A stray rejection surfaces a turn or two after the answer that left it behind.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled.map(String)).toEqual([]);
    const health = await send({ label: 'health', method: 'GET', path: '/health' });
    expect(health.status).toBe(200);
    const ready = await send({ label: 'ready', method: 'GET', path: '/ready' });
    expect(ready.status).toBe(200);
    const profile = await send({ label: 'a member read', method: 'POST', path: '/user/get-profile', caller: 'member', body: '{}' });
    expect(profile.status).toBe(200);
  });
});
