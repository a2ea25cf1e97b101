import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call, connectionResets } from '../src/client.js';

/**
 * A server that resets the first connection as soon as a request arrives on it (what Node's server does when its
 * overdue keep-alive timer destroys a connection with a request unread) and answers every later one.
 */
async function resettingServer(): Promise<{ base: string; server: Server; requests: () => number }> {
  let connections = 0;
  let requests = 0;
  const server = createServer((socket) => {
    const first = connections++ === 0;
    socket.once('data', () => {
      requests++;
      if (first) socket.resetAndDestroy();
      else socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: close\r\n\r\n{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, server, requests: () => requests };
}

describe("the bench's client", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('sends a request once more on a fresh connection when the server reset the one it was sent on', async () => {
    const fake = await resettingServer();
    server = fake.server;
    const before = connectionResets;
    const answer = await call(fake.base, '/user/login', { body: { credential: 'x' } });
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect(fake.requests()).toBe(2);
    expect(connectionResets).toBe(before + 1);
  });

  it('never resends what must be sent once (the hot drop’s orders): the reset is the answer', async () => {
    const fake = await resettingServer();
    server = fake.server;
    await expect(call(fake.base, '/product/order', { body: {}, retry: false })).rejects.toMatchObject({ cause: { code: 'ECONNRESET' } });
    expect(fake.requests()).toBe(1);
  });
});
