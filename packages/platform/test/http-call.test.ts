import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCall } from '../src/http/http-call.js';
import { closedPort } from '../src/testing/index.js';

const BIG_CHUNK = Buffer.alloc(64 * 1024, 'a');
const BIG_CHUNKS = 40; // 2.5 MiB, sent without a length: more than is ever read whole

describe('HTTP calls between the processes', () => {
  let server: Server;
  let base: string;
  const seen: Array<{ method?: string; headers: IncomingMessage['headers']; body: string }> = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => {
        seen.push({ method: request.method, headers: request.headers, body: Buffer.concat(parts).toString() });
        if (request.url === '/json') {
          response.writeHead(201, [
            ['content-type', 'application/json'],
            ['set-cookie', 'a=1; Path=/'],
            ['set-cookie', 'b=2; Path=/'],
          ]);
          response.end('{"ok":true}');
        } else if (request.url === '/big') {
          response.writeHead(200, { 'content-type': 'text/csv' });
          let sent = 0;
          const more = () => {
            while (sent < BIG_CHUNKS) {
              sent++;
              if (!response.write(BIG_CHUNK)) return void response.once('drain', more);
            }
            response.end();
          };
          more();
        } else if (request.url === '/slow') {
          setTimeout(() => response.end('late'), 3000);
        } else {
          response.writeHead(204).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the method, headers and body, and answers with the status, every header and the body', async () => {
    const headers = new Headers({
      'content-type': 'application/json',
      'x-request-id': 'r-1',
      connection: 'keep-alive',
      expect: '100-continue',
    });
    const response = await httpCall({ method: 'POST', url: new URL('/json', base), headers, body: '{"n":1}', timeoutMs: 2000 });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({ ok: true });
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: 'POST', body: '{"n":1}' });
    expect(request?.headers['x-request-id']).toBe('r-1');
    // The transport's own headers are undici's to set: a client's Expect is not passed on.
    expect(request?.headers.expect).toBeUndefined();
    expect(request?.headers['content-length']).toBe('7');
  });

  it('streams an answer without a length, whole', async () => {
    const response = await httpCall({ method: 'GET', url: new URL('/big', base), headers: {}, timeoutMs: 2000 });
    expect(response.headers.get('content-type')).toBe('text/csv');
    expect(response.headers.get('transfer-encoding')).toBeNull();
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(BIG_CHUNK.length * BIG_CHUNKS);
    expect(body.every((byte) => byte === 0x61)).toBe(true);
  });

  it('answers an empty answer with no body', async () => {
    const response = await httpCall({ method: 'DELETE', url: new URL('/nothing', base), headers: {}, timeoutMs: 2000 });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('fails with the socket error when nothing listens, and with a timeout when the answer is late', async () => {
    const refused = await httpCall({
      method: 'GET',
      url: new URL(`http://127.0.0.1:${await closedPort()}/`),
      headers: {},
      timeoutMs: 2000,
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    const late = await httpCall({ method: 'GET', url: new URL('/slow', base), headers: {}, timeoutMs: 200 }).catch(
      (error: unknown) => error,
    );
    expect(late).toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
  });
});
