import { describe, expect, it } from 'vitest';
import { closeServer, createServiceApp, InternalCallError, InternalClient, listen, ok, requireServiceToken } from '../src/index.js';
import { closedPort, silentLogger } from '../src/testing/index.js';

const TOKEN = 's'.repeat(40);

function upstream() {
  const calls = { flaky: 0, write: 0, slow: 0 };
  const app = createServiceApp({ name: 'upstream', logger: silentLogger() });
  app.use('/internal/*', requireServiceToken(TOKEN));
  app.get('/internal/members/:id', (c) => ok(c, { id: c.req.param('id'), requestId: c.req.header('x-request-id') ?? null }));
  app.get('/internal/flaky', (c) => {
    calls.flaky++;
    return calls.flaky < 3 ? c.json({ is_success: false }, 503) : ok(c, { attempts: calls.flaky });
  });
  app.post('/internal/write', (c) => {
    calls.write++;
    return c.json({ is_success: false, message: 'busy' }, 503);
  });
  app.get('/internal/slow', async (c) => {
    calls.slow++;
    await new Promise((resolve) => setTimeout(resolve, 300));
    return ok(c, 'late');
  });
  app.get('/internal/missing', (c) => c.json({ is_success: false, message: 'No such member' }, 404));
  return { app, calls };
}

describe('internal service calls', () => {
  it('needs the shared service token', async () => {
    const { app } = upstream();
    expect((await app.request('/internal/members/1')).status).toBe(401);
    expect((await app.request('/internal/members/1', { headers: { 'x-service-token': 'wrong' } })).status).toBe(401);
    const client = new InternalClient({ target: 'upstream', fetch: app.fetch, token: TOKEN });
    expect(await client.call('GET', '/internal/members/1', undefined, { idempotent: true })).toMatchObject({ id: '1' });
  });

  it('retries idempotent calls with backoff, and never retries other writes', async () => {
    const { app, calls } = upstream();
    const client = new InternalClient({ target: 'upstream', fetch: app.fetch, token: TOKEN, retries: 3, retryBaseMs: 5 });
    expect(await client.call('GET', '/internal/flaky', undefined, { idempotent: true })).toEqual({ attempts: 3 });
    await expect(client.call('POST', '/internal/write', {})).rejects.toBeInstanceOf(InternalCallError);
    expect(calls.write).toBe(1);
    await expect(client.call('POST', '/internal/write', {}, { idempotent: true })).rejects.toBeInstanceOf(InternalCallError);
    expect(calls.write).toBe(5);
  });

  it('gives up on a call that takes too long', async () => {
    const { app, calls } = upstream();
    const client = new InternalClient({ target: 'upstream', fetch: app.fetch, token: TOKEN, timeoutMs: 50, retries: 1, retryBaseMs: 5 });
    await expect(client.call('GET', '/internal/slow', undefined, { idempotent: true })).rejects.toThrow();
    expect(calls.slow).toBe(2);
  });

  it('surfaces the upstream message and status', async () => {
    const { app } = upstream();
    const client = new InternalClient({ target: 'upstream', fetch: app.fetch, token: TOKEN });
    const error = await client.call('GET', '/internal/missing', undefined, { idempotent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalCallError);
    expect(error).toMatchObject({ status: 404, message: expect.stringContaining('No such member') });
  });

  it('calls instances over HTTP in turn and moves on from one that is down', async () => {
    const { app } = upstream();
    const { server, port } = await listen(app, 0, '127.0.0.1');
    try {
      const client = new InternalClient({
        target: 'upstream',
        baseUrls: [`http://127.0.0.1:${await closedPort()}`, `http://127.0.0.1:${port}`],
        token: TOKEN,
        retryBaseMs: 5,
      });
      for (let i = 0; i < 4; i++)
        expect(await client.call('GET', `/internal/members/${i}`, undefined, { idempotent: true })).toMatchObject({ id: String(i) });
    } finally {
      await closeServer(server);
    }
  });
});
