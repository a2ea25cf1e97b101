import { Agent, request } from 'node:http';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { closeServer, listen } from '../src/index.js';

function get(port: number, agent: Agent): Promise<{ status: number; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('listen', () => {
  it('keeps an idle keep-alive connection open past Node’s 5 s default, so a client reusing it is answered', async () => {
    const { server, port } = await listen(
      new Hono().get('/', (c) => c.text('ok')),
      0,
      '127.0.0.1',
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(port, agent);
      await new Promise((resolve) => setTimeout(resolve, 6500));
      const second = await get(port, agent);
      expect([first.status, second.status]).toEqual([200, 200]);
      // The same socket: the server did not close it while it sat idle.
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
      await closeServer(server);
    }
  }, 15_000);
});
