import { randomUUID } from 'node:crypto';
import { createServiceApp, inProcessUpstream, type Upstream } from '@elts/platform';
import { silentLogger } from '@elts/platform/testing';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/gateway-app.js';
import { createRateLimiter } from '../src/rate-limits/rate-limiter.js';
import { RATE_LIMIT_RULES, ruleFor } from '../src/rate-limits/rules.js';
import { SlidingWindowCounter } from '../src/rate-limits/sliding-window.js';

const MEMBER_A = { id: '5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a00000a', sessionId: '5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a0000a1' };
const MEMBER_B = { id: '5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a00000b', sessionId: '5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a0000b1' };

/** A stand-in for every service: identity resolves tokens 'a' and 'b' to two members; everything else answers 200. */
function everyService() {
  const app = createServiceApp({ name: 'identity', logger: silentLogger() });
  let forwarded = 0;
  app.post('/internal/sessions/resolve', async (c) => {
    const { requests } = (await c.req.json()) as { requests: { bearer?: string }[] };
    const principals = requests.map(({ bearer }) => {
      // Any other 'member-…' token is a member of its own, for calls that must never meet a per-member limit.
      const other = bearer?.startsWith('member-') ? { id: randomUUID(), sessionId: randomUUID() } : undefined;
      const member = bearer === 'a' ? MEMBER_A : bearer === 'b' ? MEMBER_B : other;
      return member ? { member } : {};
    });
    return c.json({ is_success: true, data: { principals } });
  });
  app.all('*', (c) => {
    forwarded++;
    return c.json({ is_success: true, data: { forwarded } });
  });
  return { app, forwarded: () => forwarded };
}

function gatewayWith(upstream: Upstream, options: { rateLimits?: boolean; trustedProxyHops?: number } = {}) {
  return createGatewayApp({
    logger: silentLogger(),
    production: false,
    upstreams: { identity: upstream, catalog: upstream, orders: upstream, payments: upstream, 'admin-bff': upstream },
    serviceToken: 's'.repeat(40),
    webDir: '/nonexistent',
    remotes: { shop: '/remotes/shop/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' },
    ...options,
  });
}

const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
const post = (token?: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...headers },
  body: '{}',
});

describe('sliding window counter', () => {
  it('allows the limit within a window, refuses the next with the wait, and forgets as the window slides', () => {
    let now = 1_000_000 * 60_000;
    const counter = new SlidingWindowCounter(() => now);
    for (let i = 0; i < 5; i++) expect(counter.hit('k', 5, 60)).toBe(0);
    expect(counter.hit('k', 5, 60)).toBe(60);
    // Half way through the next window half of the earlier five still count: two more fit, not three.
    now += 90_000;
    expect(counter.hit('k', 5, 60)).toBe(0);
    expect(counter.hit('k', 5, 60)).toBe(0);
    expect(counter.hit('k', 5, 60)).toBeGreaterThan(0);
    // Two idle windows later the key starts afresh.
    now += 120_000;
    for (let i = 0; i < 5; i++) expect(counter.hit('k', 5, 60)).toBe(0);
  });

  it('keeps keys apart and never holds more than its bound', () => {
    const counter = new SlidingWindowCounter(() => 0, 100);
    for (let i = 0; i < 1000; i++) counter.hit(`client-${i}`, 1, 60);
    expect(counter.size).toBe(100);
    expect(counter.hit('client-999', 1, 60)).toBeGreaterThan(0);
    expect(counter.hit('client-0', 1, 60)).toBe(0);
  });
});

describe('rules', () => {
  it('are the configured numbers (docs/decisions/0016): a change to a limit is a decision, not an accident', () => {
    expect(
      RATE_LIMIT_RULES.map(({ name, method, path, windowSeconds, perClient, perMember }) => [
        name,
        method,
        path,
        windowSeconds,
        perClient,
        perMember,
      ]),
    ).toEqual([
      ['sign-in', 'POST', '/user/login', 300, 30, undefined],
      ['dev-id-token', 'POST', '/dev/idp/id-token', 300, 30, undefined],
      ['admin-sign-in', 'POST', '/admin/login', 300, 10, undefined],
      ['contact', 'POST', '/user/contact', 600, 5, undefined],
      ['giveaway', 'POST', '/user/giveaway', 600, 20, 5],
      ['order', 'POST', '/product/order', 60, 30, 10],
      ['pincode', 'GET', '/shipping/bluedart/pincode/', 60, 60, 30],
      ['membership-start', 'POST', '/subscription/create-upi-mandate', 600, undefined, 10],
      ['membership-start', 'POST', '/api/subscription/create', 600, undefined, 10],
    ]);
  });

  it.each([
    ['POST', '/user/login', 'sign-in'],
    ['POST', '/admin/login', 'admin-sign-in'],
    ['POST', '/user/contact', 'contact'],
    ['POST', '/user/giveaway', 'giveaway'],
    ['POST', '/product/order', 'order'],
    ['GET', '/shipping/bluedart/pincode/403001', 'pincode'],
  ])('%s %s is limited as %s', (method, path, name) => {
    expect(ruleFor(RATE_LIMIT_RULES, method, path)?.name).toBe(name);
  });

  it.each([
    ['GET', '/user/giveaway'],
    ['GET', '/product/orders/user'],
    ['POST', '/user/login/extra'],
  ])('%s %s is not limited', (method, path) => {
    expect(ruleFor(RATE_LIMIT_RULES, method, path)).toBeUndefined();
  });
});

describe('the gateway under abuse', () => {
  it('answers the call after the limit with 429 in the envelope and Retry-After, without forwarding it', async () => {
    const services = everyService();
    const gateway = gatewayWith(inProcessUpstream('identity', services.app));
    for (let i = 0; i < 5; i++) expect((await gateway.request('/user/contact', post(), fromAddress('203.0.113.9'))).status).toBe(200);
    const forwardedBefore = services.forwarded();
    const refused = await gateway.request('/user/contact', post(), fromAddress('203.0.113.9'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      is_success: false,
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many requests\. Please try again in (1 second|\d+ seconds)\.$/),
    });
    expect(services.forwarded()).toBe(forwardedBefore);
    // Another client is not affected.
    expect((await gateway.request('/user/contact', post(), fromAddress('198.51.100.4'))).status).toBe(200);
  });

  /**
   * Each limited call, driven to its limit through a real gateway: the numbers are written here, not read from the
   * rules, so that a limit that stops applying (or changes) fails. A member's limit is reached from a fresh address
   * on every call, so only the member count can refuse it; a client's limit from one address with a new member on
   * every call, so only the client count can.
   */
  const request = (method: string, token: string) => (method === 'GET' ? { method, headers: { authorization: token } } : post(token));

  it.each([
    { name: 'member sign-in', method: 'POST', path: '/user/login', limit: 30, windowSeconds: 300 },
    { name: 'order placement', method: 'POST', path: '/product/order', limit: 30, windowSeconds: 60 },
    { name: 'the pincode check', method: 'GET', path: '/shipping/bluedart/pincode/403001', limit: 60, windowSeconds: 60 },
  ])('limits $name per client: $limit calls in $windowSeconds s', async ({ method, path, limit, windowSeconds }) => {
    const services = everyService();
    const gateway = gatewayWith(inProcessUpstream('identity', services.app));
    const send = (address: string) => gateway.request(path, request(method, `member-${randomUUID()}`), fromAddress(address));
    for (let i = 0; i < limit; i++) expect((await send('203.0.113.20')).status, `call ${i + 1}`).toBe(200);
    const forwardedBefore = services.forwarded();
    await expectRefused(await send('203.0.113.20'), windowSeconds);
    expect(services.forwarded()).toBe(forwardedBefore);
    // Another client is not affected.
    expect((await send('198.51.100.20')).status).toBe(200);
  });

  it('counts a development sign-in (its ID token, then the login) once against the member sign-in limit', async () => {
    const services = everyService();
    const gateway = gatewayWith(inProcessUpstream('identity', services.app));
    const signIn = async () => [
      (await gateway.request('/dev/idp/id-token', post(), fromAddress('203.0.113.30'))).status,
      (await gateway.request('/user/login', post(), fromAddress('203.0.113.30'))).status,
    ];
    for (let i = 0; i < 30; i++) expect(await signIn(), `sign-in ${i + 1}`).toEqual([200, 200]);
    expect(await signIn()).toEqual([429, 429]);
  });

  it.each([
    { name: 'order placement', method: 'POST', path: '/product/order', limit: 10, windowSeconds: 60 },
    { name: 'the pincode check', method: 'GET', path: '/shipping/bluedart/pincode/403001', limit: 30, windowSeconds: 60 },
  ])('limits $name per member across addresses: $limit calls in $windowSeconds s', async ({ method, path, limit, windowSeconds }) => {
    const services = everyService();
    const gateway = gatewayWith(inProcessUpstream('identity', services.app));
    const send = (token: string, i: number) => gateway.request(path, request(method, token), fromAddress(`10.1.0.${i}`));
    for (let i = 0; i < limit; i++) expect((await send('a', i)).status, `call ${i + 1}`).toBe(200);
    const forwardedBefore = services.forwarded();
    await expectRefused(await send('a', 200), windowSeconds);
    expect(services.forwarded()).toBe(forwardedBefore);
    // The other member, from the very same address, is not affected.
    expect((await send('b', 200)).status).toBe(200);
  });

  async function expectRefused(refused: Response, windowSeconds: number) {
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    const body = await refused.json();
    expect(body).toMatchObject({
      is_success: false,
      code: 'rate_limited',
      message: `Too many requests. Please try again in ${retryAfter === 1 ? '1 second' : `${retryAfter} seconds`}.`,
    });
  }

  it('says "1 second", not "1 seconds", when one second is left to wait', async () => {
    let now = 1_000_000 * 60_000;
    const admit = createRateLimiter({
      rules: [{ name: 'once', method: 'POST', path: '/once', windowSeconds: 60, perClient: 1 }],
      now: () => now,
    });
    const app = new Hono().post('/once', (c) => admit(c as never, { principal: {}, client: '203.0.113.1' }) ?? c.text('ok'));
    const message = async () => ((await (await app.request('/once', { method: 'POST' })).json()) as { message: string }).message;
    expect((await app.request('/once', { method: 'POST' })).status).toBe(200);
    expect(await message()).toBe('Too many requests. Please try again in 60 seconds.');
    now += 59_000;
    expect(await message()).toBe('Too many requests. Please try again in 1 second.');
  });

  it('limits a member across addresses, and one member never uses up another', async () => {
    const gateway = gatewayWith(inProcessUpstream('identity', everyService().app));
    const giveaway = (token: string, address: string) => gateway.request('/user/giveaway', post(token), fromAddress(address));
    for (let i = 0; i < 5; i++) expect((await giveaway('a', `10.0.0.${i}`)).status).toBe(200);
    expect((await giveaway('a', '10.0.0.99')).status).toBe(429);
    expect((await giveaway('b', '10.0.0.99')).status).toBe(200);
  });

  it('believes X-Forwarded-For only from as many proxies as it is told to trust', async () => {
    const direct = gatewayWith(inProcessUpstream('identity', everyService().app));
    // Without a trusted proxy, a client cannot dodge the limit by claiming other addresses.
    for (let i = 0; i < 10; i++)
      await direct.request('/admin/login', post(undefined, { 'x-forwarded-for': `192.0.2.${i}` }), fromAddress('203.0.113.1'));
    expect(
      (await direct.request('/admin/login', post(undefined, { 'x-forwarded-for': '192.0.2.77' }), fromAddress('203.0.113.1'))).status,
    ).toBe(429);

    const proxied = gatewayWith(inProcessUpstream('identity', everyService().app), { trustedProxyHops: 1 });
    for (let i = 0; i < 10; i++)
      await proxied.request('/admin/login', post(undefined, { 'x-forwarded-for': 'spoofed, 192.0.2.1' }), fromAddress('10.0.0.1'));
    expect(
      (await proxied.request('/admin/login', post(undefined, { 'x-forwarded-for': 'spoofed, 192.0.2.1' }), fromAddress('10.0.0.1'))).status,
    ).toBe(429);
    // A different client behind the same proxy still gets in.
    expect(
      (await proxied.request('/admin/login', post(undefined, { 'x-forwarded-for': '192.0.2.2' }), fromAddress('10.0.0.1'))).status,
    ).toBe(200);
  });

  it('can be turned off for test rigs', async () => {
    const gateway = gatewayWith(inProcessUpstream('identity', everyService().app), { rateLimits: false });
    for (let i = 0; i < 20; i++) expect((await gateway.request('/user/contact', post(), fromAddress('203.0.113.9'))).status).toBe(200);
  });
});
