import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  badRequest,
  closeServer,
  createServiceApp,
  jsonBody,
  listen,
  ok,
  pathParams,
  queryParams,
  refuse,
  tooManyRequests,
} from '../src/index.js';
import { captureLogger, rawHttp } from '../src/testing/index.js';

function makeApp(readiness = {}) {
  const captured = captureLogger('svc');
  const app = createServiceApp({ name: 'svc', logger: captured.logger, bodyLimitBytes: 1024, readiness });
  app.post('/things', jsonBody(z.object({ name: z.string().min(1), qty: z.number().int().min(1) })), (c) =>
    ok(c, { created: c.req.valid('json') }, {}, 201),
  );
  app.get('/things/:id', pathParams(z.object({ id: z.string().regex(/^\d+$/, 'must be a number') })), (c) =>
    ok(c, { id: c.req.valid('param').id }),
  );
  app.get('/search', queryParams(z.object({ page: z.coerce.number().int().min(1).default(1) })), (c) => ok(c, c.req.valid('query')));
  app.post('/empty', jsonBody(z.object({})), (c) => ok(c, null));
  app.post(
    '/addresses',
    jsonBody(z.object({ shipping_address: z.object({ city: z.string() }), notes: z.record(z.string(), z.string()) })),
    (c) => ok(c, c.req.valid('json')),
  );
  app.get('/boom', () => {
    throw new Error('secret internals: password=pa55 at /srv/app.ts:12');
  });
  app.get('/teapot', () => {
    throw badRequest('That is not allowed');
  });
  app.get('/busy', () => {
    throw tooManyRequests(7);
  });
  app.get('/taken', () => refuse('conflict', 'This order was already cancelled.'));
  app.get('/pool', () => {
    throw new Error('timeout exceeded when trying to connect');
  });
  return { app, ...captured };
}

const post = (body: string, contentType = 'application/json') => ({ method: 'POST', body, headers: { 'content-type': contentType } });

describe('service app factory', () => {
  it('answers in the envelope and echoes a request id', async () => {
    const { app } = makeApp();
    const res = await app.request('/things', post(JSON.stringify({ name: 'Kurta', qty: 2 })));
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    expect(await res.json()).toEqual({ is_success: true, data: { created: { name: 'Kurta', qty: 2 } } });
  });

  it('keeps a well-formed incoming request id and logs it on the access line', async () => {
    const { app, lines } = makeApp();
    const res = await app.request('/things/7', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(lines().find((l) => l.msg === 'request')).toMatchObject({ request_id: 'abc-123', status: 200, path: '/things/7' });
    const forged = await app.request('/things/7', { headers: { 'x-request-id': 'bad id with spaces\n' } });
    expect(forged.headers.get('x-request-id')).not.toContain(' ');
  });

  it('answers bad fields with 400: the first sentence as the message, and each field on its own', async () => {
    const { app } = makeApp();
    app.post(
      '/people',
      jsonBody(
        z.object({
          name: z.string().min(1, 'Please enter your name.'),
          lists: z.array(z.string().max(3, 'Keep each item short.')),
          qty: z.number(),
        }),
      ),
      (c) => ok(c, null),
    );
    const res = await app.request('/people', post(JSON.stringify({ name: '', lists: ['ok', 'far too long', 'also long'] })));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; error: string; issues: { path: string }[]; fields: Record<string, string> };
    expect(body).toMatchObject({ is_success: false, code: 'bad_request' });
    // What a screen shows: a sentence about the input, no "Invalid request body:" and no path.
    expect(body.message).toBe('Please enter your name.');
    expect(body.error).toBe(body.message);
    expect(body.issues.map((i) => i.path)).toEqual(['name', 'lists.1', 'lists.2', 'qty']);
    // One message per top-level field, the first; a missing field is named in words.
    expect(body.fields).toEqual({ name: 'Please enter your name.', lists: 'Keep each item short.', qty: 'Required' });
    const missing = await app.request('/people', post(JSON.stringify({ name: 'Asha', lists: [] })));
    expect(await missing.json()).toMatchObject({ message: 'Qty is required.', fields: { qty: 'Required' } });
  });

  it('carries field messages from a domain refusal too, keyed safely whatever the path says', async () => {
    const { app } = makeApp();
    app.get('/refused', () => {
      throw badRequest('GST number is required for startups, businesses and institutions', [
        { path: 'gst', message: 'GST number is required for startups, businesses and institutions' },
        { path: '__proto__.polluted', message: 'Not a field' },
        { path: '', message: 'About the whole body' },
      ]);
    });
    const body = (await (await app.request('/refused')).json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields)).toEqual(['gst', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers a refusal thrown by domain code through the one table of kinds, and a saturated pool with 503', async () => {
    const { app } = makeApp();
    const taken = await app.request('/taken');
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ is_success: false, message: 'This order was already cancelled.' });
    const pool = await app.request('/pool');
    expect(pool.status).toBe(503);
    expect(await pool.json()).toMatchObject({ is_success: false, message: 'Service temporarily unavailable. Please try again shortly.' });
  });

  it('refuses unknown fields', async () => {
    const { app } = makeApp();
    const res = await app.request('/things', post(JSON.stringify({ name: 'x', qty: 1, isAdmin: true })));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('Unknown field(s): isAdmin');
  });

  it('refuses malformed JSON, a wrong content type and an oversized body, all in the envelope', async () => {
    const { app } = makeApp();
    const malformed = await app.request('/things', post('{"name": "x",'));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ is_success: false, message: 'Malformed JSON body' });
    const wrongType = await app.request('/things', post('name=x&qty=1', 'application/x-www-form-urlencoded'));
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({ is_success: false, message: 'Content-Type must be application/json' });
    const huge = await app.request('/things', post(JSON.stringify({ name: 'x'.repeat(5000), qty: 1 })));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ is_success: false, code: 'payload_too_large' });
  });

  it('closes the connection honestly after refusing a body for its size, and keeps it open after any other answer', async () => {
    const { app } = makeApp();
    const { server, port } = await listen(app, 0, '127.0.0.1');
    const post = (body: string, framing: 'length' | 'chunked') =>
      framing === 'length'
        ? `POST /things HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
        : `POST /things HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const next = 'GET /things/7 HTTP/1.1\r\nHost: a\r\n\r\n';
    try {
      for (const framing of ['length', 'chunked'] as const) {
        // Over the limit (1 KiB here), with the client's next request right behind it on the same connection.
        const refused = await rawHttp(port, [post(JSON.stringify({ name: 'x'.repeat(200_000), qty: 1 }), framing), next]);
        expect(refused.answers, framing).toEqual([{ status: 413, headers: expect.objectContaining({ connection: 'close' }) }]);
        expect(refused.closedByServer, framing).toBe(true);
        // Within it: both answered on the one connection, which stays open.
        const served = await rawHttp(port, [post(JSON.stringify({ name: 'Kurta', qty: 2 }), framing), next], 300);
        expect(
          served.answers.map(({ status, headers }) => `${status} ${headers.connection}`),
          framing,
        ).toEqual(['201 keep-alive', '200 keep-alive']);
        expect(served.closedByServer, framing).toBe(false);
      }
    } finally {
      await closeServer(server);
    }
  });

  it('treats an empty body as an empty object', async () => {
    const { app } = makeApp();
    expect((await app.request('/empty', { method: 'POST' })).status).toBe(200);
    expect((await app.request('/empty', post(''))).status).toBe(200);
  });

  it('validates path and query', async () => {
    const { app } = makeApp();
    expect(await (await app.request('/things/abc')).json()).toMatchObject({
      message: 'must be a number',
      fields: { id: 'must be a number' },
    });
    expect((await app.request('/search?page=0')).status).toBe(400);
    expect(await (await app.request('/search?page=3')).json()).toEqual({ is_success: true, data: { page: 3 } });
  });

  it('refuses a NUL character in the address or the body with 400, before it can reach the database', async () => {
    const { app } = makeApp();
    for (const path of ['/things/1%00', '/search?page=1%00', '/teapot/%00']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ is_success: false, message: 'Invalid address: text may not contain a NUL character' });
    }
    const body = await app.request('/things', post(JSON.stringify({ name: 'a\u0000b', qty: 1 })));
    expect(body.status).toBe(400);
    expect(await body.json()).toMatchObject({
      message: 'Name contains an invalid character.',
      fields: { name: 'Contains an invalid character' },
    });
  });

  it('refuses half a surrogate pair anywhere in a body with 400 and a sentence about the field, and keeps whole pairs', async () => {
    const { app } = makeApp();
    // JSON.stringify writes a lone surrogate as its escape, as an attacker's client would send it: "\ud800".
    const cases: [unknown, string][] = [
      [{ name: '\ud800', qty: 1 }, 'Name contains an invalid character.'],
      [{ name: 'Chai \udfff', qty: 1 }, 'Name contains an invalid character.'],
      [{ name: 'ab\udbff\u0041', qty: 1 }, 'Name contains an invalid character.'],
    ];
    for (const [sent, message] of cases) {
      const response = await app.request('/things', post(JSON.stringify(sent)));
      expect(response.status, JSON.stringify(sent)).toBe(400);
      expect(await response.json()).toMatchObject({ is_success: false, code: 'bad_request', message });
    }
    const nested = await app.request('/addresses', post(JSON.stringify({ shipping_address: { city: 'Pana\ud83dji' }, notes: {} })));
    expect(nested.status).toBe(400);
    expect(await nested.json()).toMatchObject({
      message: 'City contains an invalid character.',
      issues: [{ path: 'shipping_address.city' }],
    });
    const key = await app.request('/addresses', post(JSON.stringify({ shipping_address: { city: 'Panaji' }, notes: { '\ud800': 'x' } })));
    expect(key.status).toBe(400);
    expect(await key.json()).toMatchObject({ message: 'A field name in the request body contains an invalid character.' });
    // Before the schema: an unknown field whose value is broken is refused for the broken text, not named back.
    const beforeSchema = await app.request('/things', post('{"name":"Kurta","qty":1,"x":"\\ud800"}'));
    expect(await beforeSchema.json()).toMatchObject({ message: 'X contains an invalid character.' });
    // A whole pair is one character (an emoji), whatever its place; it is stored and answered as sent.
    const emoji = await app.request(
      '/addresses',
      post(JSON.stringify({ shipping_address: { city: 'Goa \ud83c\udf34' }, notes: { '\ud83d\ude00': 'ok' } })),
    );
    expect(emoji.status).toBe(200);
    expect(await emoji.json()).toEqual({ is_success: true, data: { shipping_address: { city: 'Goa 🌴' }, notes: { '😀': 'ok' } } });
  });

  it('keeps an address that tries to spell half a surrogate pair as the literal text it is, which can be stored', async () => {
    const { app } = makeApp();
    app.get('/words/:word', pathParams(z.object({ word: z.string() })), queryParams(z.object({ q: z.string() })), (c) =>
      ok(c, { word: c.req.valid('param').word, q: c.req.valid('query').q }),
    );
    // UTF-8 has no bytes for a lone surrogate: CESU-8's bytes and a %u escape do not decode, so they stay as typed.
    for (const spelled of ['%ED%A0%80', '%uD800']) {
      const response = await app.request(`/words/${spelled}?q=${spelled}`);
      expect(response.status, spelled).toBe(200);
      expect(await response.json()).toEqual({ is_success: true, data: { word: spelled, q: spelled } });
    }
  });

  it('answers unknown paths with 404 and known paths with the wrong method with 405', async () => {
    const { app } = makeApp();
    const missing = await app.request('/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ is_success: false, code: 'not_found' });
    const wrongMethod = await app.request('/things', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(await wrongMethod.json()).toMatchObject({ is_success: false, code: 'method_not_allowed' });
  });

  it('answers TRACE with 405 before any route sees it, a catch-all that forwards the request included', async () => {
    const { app } = makeApp();
    // As the gateway's catch-all does: rebuild the request to pass it on. fetch's Request refuses TRACE outright.
    app.all('/forwarded/*', (c) => fetch(new Request(c.req.raw.url, { method: c.req.method, headers: c.req.raw.headers })));
    // Over a socket: an in-process call cannot even build a TRACE request.
    const { server, port } = await listen(app, 0, '127.0.0.1');
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method, path, headers: { cookie: 'elts_session=a-secret' } }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const forwarded = await send('TRACE', '/forwarded/anything');
      expect(forwarded.status).toBe(405);
      expect(JSON.parse(forwarded.body)).toMatchObject({
        is_success: false,
        code: 'method_not_allowed',
        message: 'Method TRACE is not allowed here',
      });
      expect(forwarded.body).not.toContain('a-secret');
      const known = await send('TRACE', '/things');
      expect([known.status, known.allow]).toEqual([405, 'POST']);
    } finally {
      await closeServer(server);
    }
  });

  it('hides internals of unexpected errors behind a 500 and logs them', async () => {
    const { app, text } = makeApp();
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain('secret internals');
    expect(JSON.parse(body)).toMatchObject({
      is_success: false,
      code: 'internal_error',
      message: 'Something went wrong. Please try again.',
    });
    expect(text()).toContain('unhandled error');
  });

  it('maps domain errors to their status and headers', async () => {
    const { app } = makeApp();
    const res = await app.request('/teapot');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'That is not allowed', error: 'That is not allowed' });
    const busy = await app.request('/busy');
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('7');
  });

  it('serves health always and readiness from its checks', async () => {
    let databaseUp = true;
    const { app } = makeApp({
      database: async () => {
        if (!databaseUp) throw new Error('down');
      },
      bus: async () => {},
    });
    expect(await (await app.request('/health')).json()).toEqual({ is_success: true, data: { status: 'ok', service: 'svc' } });
    expect((await app.request('/ready')).status).toBe(200);
    databaseUp = false;
    const notReady = await app.request('/ready');
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({
      is_success: false,
      message: 'Service temporarily unavailable. Please try again shortly.',
      error: 'Service temporarily unavailable. Please try again shortly.',
      code: 'not_ready',
      data: { status: 'not_ready', checks: { database: 'unavailable', bus: 'ok' } },
    });
  });
});
