import { closeServer, createServiceApp, httpUpstream, inProcessUpstream, listen, type Upstream } from '@elts/platform';
import { closedPort, silentLogger } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/gateway-app.js';

const GATEWAY_TOKEN = 'g'.repeat(40);

/** Stands in for identity on its real paths (the gateway forwards only what the operation table describes). */
function echoService() {
  const app = createServiceApp({ name: 'identity', logger: silentLogger() });
  app.all('/user/*', async (c) =>
    c.json({
      is_success: true,
      data: {
        method: c.req.method,
        path: c.req.path,
        query: c.req.query(),
        body: c.req.method === 'GET' ? null : await c.req.text(),
        serviceToken: c.req.header('x-service-token') ?? null,
        principal: c.req.header('x-principal') ?? null,
        requestId: c.req.header('x-request-id') ?? null,
      },
    }),
  );
  return app;
}

async function gatewayWith(identity: Upstream) {
  const down = httpUpstream('down', [`http://127.0.0.1:${await closedPort()}`]);
  return createGatewayApp({
    logger: silentLogger(),
    production: true,
    upstreams: { identity, catalog: down, orders: down, payments: down, 'admin-bff': down },
    serviceToken: GATEWAY_TOKEN,
    webDir: '/nonexistent',
    remotes: { shop: '/remotes/shop/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' },
  });
}

describe('gateway forwarding', () => {
  it('forwards method, path, query and body, replacing a forged service token and principal with its own', async () => {
    const gateway = await gatewayWith(inProcessUpstream('identity', echoService()));
    const res = await gateway.request('/user/contact?a=1&b=two', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-token': 'forged',
        'x-principal': JSON.stringify({ admin: { id: 'x', username: 'root', sessionId: 'y' } }),
        'x-request-id': 'req-7',
      },
      body: '{"x":1}',
    });
    expect(await res.json()).toEqual({
      is_success: true,
      data: {
        method: 'POST',
        path: '/user/contact',
        query: { a: '1', b: 'two' },
        body: '{"x":1}',
        serviceToken: GATEWAY_TOKEN,
        principal: '{}',
        requestId: 'req-7',
      },
    });
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
  });

  it('forwards over HTTP to the next instance when one refuses connections', async () => {
    const { server, port } = await listen(echoService(), 0, '127.0.0.1');
    try {
      const gateway = await gatewayWith(httpUpstream('identity', [`http://127.0.0.1:${await closedPort()}`, `http://127.0.0.1:${port}`]));
      for (let i = 0; i < 3; i++) {
        const res = await gateway.request(`/user/update-profile?n=${i}`, { method: 'PUT', body: 'payload' });
        expect(await res.json()).toMatchObject({ data: { path: '/user/update-profile', query: { n: String(i) }, body: 'payload' } });
      }
      expect((await gateway.request('/ready')).status).toBe(503);
    } finally {
      await closeServer(server);
    }
  });

  it('answers 503 in the envelope when a service is down', async () => {
    const gateway = await gatewayWith(httpUpstream('identity', [`http://127.0.0.1:${await closedPort()}`]));
    const res = await gateway.request('/user/get-profile', { method: 'POST' });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ is_success: false, code: 'unavailable' });
  });
});
