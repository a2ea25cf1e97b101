import { createServiceApp, inProcessUpstream } from '@elts/platform';
import { silentLogger } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/gateway-app.js';
import { type ProductUnderTest, startProduct } from './support/product.js';

/**
 * The development tools at the front door: the mailbox (members' names, addresses and phones in the mail the product
 * would have sent) answers only a client on this machine or a signed-in admin, judged on the gateway's own socket as
 * well as the client address it established; and with real providers configured neither the development sign-in,
 * the mailbox nor the payment simulator exists. Identity's own side of the rules:
 * services/identity/test/dev-tools-gating.test.ts.
 */

const ADMIN_PRINCIPAL = {
  admin: { id: '5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a0000ad', username: 'ops', sessionId: '5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a0000a1' },
};
const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

/** A gateway over a stand-in identity that serves its outboxes to whoever reaches it, so only the gateway decides. */
function gatewayOverOpenMailbox(trustedProxyHops: number) {
  const identity = createServiceApp({ name: 'identity', logger: silentLogger() });
  identity.post('/internal/sessions/resolve', async (c) => {
    const { requests } = (await c.req.json()) as { requests: { bearer?: string }[] };
    return c.json({ is_success: true, data: { principals: requests.map(({ bearer }) => (bearer === 'admin' ? ADMIN_PRINCIPAL : {})) } });
  });
  for (const outbox of ['/dev/mailbox', '/dev/sms'])
    identity.get(outbox, (c) => c.json({ is_success: true, data: [], forwardedFor: c.req.header('x-forwarded-for') ?? null }));
  const upstream = inProcessUpstream('identity', identity);
  return createGatewayApp({
    logger: silentLogger(),
    production: false,
    upstreams: { identity: upstream, catalog: upstream, orders: upstream, payments: upstream, 'admin-bff': upstream },
    serviceToken: 's'.repeat(40),
    webDir: '/nonexistent',
    remotes: { shop: '/remotes/shop/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' },
    trustedProxyHops,
  });
}

const mailbox = (
  gateway: ReturnType<typeof gatewayOverOpenMailbox>,
  peer: string | undefined,
  headers: Record<string, string> = {},
  path = '/dev/mailbox',
) => gateway.request(path, { headers: { accept: 'application/json', ...headers } }, peer ? fromAddress(peer) : undefined);

describe('the mailbox rule at the gateway, with no proxy in front (TRUSTED_PROXY_HOPS=0)', () => {
  const gateway = gatewayOverOpenMailbox(0);

  it('lets through a client on this machine, however its loopback address is written, and in-process calls', async () => {
    for (const peer of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1', undefined])
      expect((await mailbox(gateway, peer)).status, peer).toBe(200);
  });

  it('answers any other client 404 in the envelope, without asking identity', async () => {
    for (const path of ['/dev/mailbox', '/dev/mailbox/', '/dev/sms', '/dev/sms/']) {
      const refused = await mailbox(gateway, '203.0.113.7', {}, path);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ is_success: false, code: 'not_found', message: 'Not found' });
    }
  });

  it('ignores a loopback address the client writes into X-Forwarded-For, and hands identity its own finding instead', async () => {
    expect((await mailbox(gateway, '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(404);
    const forwardedFor = async (answer: Response) => ((await answer.json()) as { forwardedFor: string | null }).forwardedFor;
    expect(await forwardedFor(await mailbox(gateway, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }))).toBe('127.0.0.1');
    // An in-process call has no address to pass on: whatever the client wrote is dropped, not forwarded.
    expect(await forwardedFor(await mailbox(gateway, undefined, { 'x-forwarded-for': '203.0.113.7' }))).toBeNull();
  });

  it('lets through a signed-in admin from anywhere', async () => {
    expect((await mailbox(gateway, '203.0.113.7', { authorization: 'admin' })).status).toBe(200);
    expect((await mailbox(gateway, '203.0.113.7', { authorization: 'someone' })).status).toBe(404);
  });
});

describe('the mailbox rule at the gateway, behind one trusted proxy (TRUSTED_PROXY_HOPS=1)', () => {
  const gateway = gatewayOverOpenMailbox(1);

  it('refuses a remote client that comes through a proxy on this machine: the socket alone is not enough', async () => {
    expect((await mailbox(gateway, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).status).toBe(404);
  });

  it('refuses a client that reaches the gateway past the proxy and claims loopback: the address alone is not enough', async () => {
    expect((await mailbox(gateway, '198.51.100.4', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(404);
  });

  it('lets through a client on this machine that comes through a proxy on this machine', async () => {
    expect((await mailbox(gateway, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7, 127.0.0.1' })).status).toBe(200);
  });
});

describe('the development tools of the whole product', () => {
  let product: ProductUnderTest;
  beforeAll(async () => {
    product = await startProduct('pglite');
  }, 120_000);
  afterAll(async () => product?.stop());

  it('serves the mailbox to this machine and to an admin, and to no one else, a member included', async () => {
    expect((await product.call('/dev/mailbox', { address: '127.0.0.1' })).status).toBe(200);
    expect((await product.call('/dev/mailbox', { address: '::ffff:127.0.0.1' })).status).toBe(200);
    const member = await product.signUp('mailbox.reader@example.in');
    for (const init of [{}, { token: member }, { headers: { 'x-forwarded-for': '127.0.0.1' } }]) {
      const refused = await product.call('/dev/mailbox', { address: '203.0.113.7', ...init });
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('mailbox.reader@example.in');
    }
    const admin = await product.adminToken();
    expect((await product.call('/dev/mailbox', { address: '203.0.113.7', token: admin })).status).toBe(200);
  });

  it('serves the development sign-in and the payment simulator while nothing real is configured', async () => {
    expect((await product.call('/dev/idp/jwks.json', { address: '203.0.113.7' })).status).toBe(200);
    expect((await product.call('/pay/simulator/simulator.css', { address: '203.0.113.7' })).status).toBe(200);
  });
});

describe('the whole product with Google, Cashfree and a mail server configured, outside production', () => {
  let product: ProductUnderTest;
  beforeAll(async () => {
    product = await startProduct('pglite', {
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      CASHFREE_CLIENT_ID: 'test-id',
      CASHFREE_CLIENT_SECRET: 'test-secret',
      // Nothing is mailed here, so nothing connects to it.
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
  }, 120_000);
  afterAll(async () => product?.stop());

  it('has no development sign-in: an ID token for anyone cannot be minted', async () => {
    const mint = await product.call('/dev/idp/id-token', { body: { email: 'victim@example.in', name: 'Victim' }, address: '127.0.0.1' });
    expect(mint.status).toBe(404);
    expect((await product.call('/dev/idp', { address: '127.0.0.1' })).status).toBe(404);
    expect((await product.call('/user/sign-in-options')).body.data).toMatchObject({ provider: 'google' });
  });

  it('has no mailbox, not even for this machine or an admin', async () => {
    expect((await product.call('/dev/mailbox', { address: '127.0.0.1' })).status).toBe(404);
    expect((await product.call('/dev/mailbox', { token: await product.adminToken() })).status).toBe(404);
  });

  it('has no payment simulator', async () => {
    expect((await product.call('/pay/simulator/simulator.css', { address: '127.0.0.1' })).status).toBe(404);
    const form = { outcome: 'success', method: 'upi' };
    expect((await product.call('/pay/simulator/sessions/made-up', { form, address: '127.0.0.1' })).body).toMatchObject({
      message: 'Not found',
    });
  });
});
