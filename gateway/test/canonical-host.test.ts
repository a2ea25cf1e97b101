import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { canonicalHost } from '../src/canonical-host.js';

// Issue 34: sessions belong to a host, and payment returns go to PUBLIC_URL's; a page asked for under another name
// of the same server is sent there, path and query kept. Anything that is not a page is answered where it arrives.
const isPage = (request: Request) => request.method === 'GET' && (request.headers.get('accept') ?? '').startsWith('text/html');
const app = (hops = 0) =>
  new Hono().use(canonicalHost('https://eltsclub.in', hops, isPage)).all('*', (c) => c.text(`answered at ${c.req.header('host')}`));

const ask = (hops: number, path: string, headers: Record<string, string>, method = 'GET') =>
  app(hops).request(`http://internal${path}`, { method, headers: { accept: 'text/html', ...headers } });

describe('one host for the product’s pages', () => {
  it('redirects a page asked for under another host name to PUBLIC_URL’s, path and query kept', async () => {
    for (const host of ['www.eltsclub.in', '203.0.113.7', 'eltsclub.in:8080']) {
      const answer = await ask(0, '/order?order_id=ORD-1A2B3C4D5E6F', { host });
      expect(answer.status, host).toBe(308);
      expect(answer.headers.get('location')).toBe('https://eltsclub.in/order?order_id=ORD-1A2B3C4D5E6F');
    }
  });

  it('answers a page under PUBLIC_URL’s host, whatever its case', async () => {
    expect((await ask(0, '/profile', { host: 'EltsClub.in' })).status).toBe(200);
  });

  it('leaves API calls, webhooks and health checks where they arrive', async () => {
    expect((await ask(0, '/user/get-profile', { host: 'www.eltsclub.in', accept: 'application/json' }, 'POST')).status).toBe(200);
    expect((await ask(0, '/webhooks/cashfree', { host: '203.0.113.7', accept: '*/*' }, 'POST')).status).toBe(200);
    expect((await ask(0, '/health', { host: '10.0.0.5:3000', accept: 'application/json' })).status).toBe(200);
  });

  it('reads the host the browser used from a proxy it trusts, and only then', async () => {
    const behindProxy = { host: 'gateway.internal:3000', 'x-forwarded-host': 'eltsclub.in' };
    expect((await ask(1, '/profile', behindProxy)).status).toBe(200);
    expect((await ask(1, '/profile', { ...behindProxy, 'x-forwarded-host': 'www.eltsclub.in' })).status).toBe(308);
    // With no trusted proxy, a header anyone can write changes nothing.
    expect((await ask(0, '/profile', { host: 'www.eltsclub.in', 'x-forwarded-host': 'eltsclub.in' })).status).toBe(308);
  });
});
