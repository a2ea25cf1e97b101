import { type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevIdentityProvider } from '../src/auth/dev-idp.js';
import { signUp, startIdentity, uniqueEmail } from './helpers.js';

/**
 * The development tools sign anyone in as anyone (the provider at /dev/idp) and show members' mail with their names,
 * addresses and phones (/dev/mailbox). They exist only while nothing real stands in their place, never in
 * production (services/identity/test/sign-in.test.ts), and the mailbox answers only this machine or an admin.
 */

const GOOGLE = { GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com', GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' };
const ADMIN = { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'a long admin passphrase' };

describe('with no real provider or mail server configured', () => {
  let identity: ServiceHarness;
  beforeAll(async () => {
    identity = await startIdentity('pglite', ADMIN);
  });
  afterAll(async () => identity?.close());

  it('serves the development sign-in provider, whose tokens sign a member in', async () => {
    expect((await identity.request('/dev/idp')).status).toBe(200);
    await signUp(identity, uniqueEmail('dev'));
  });

  it('shows the mailbox to a client on this machine, however its loopback address is written', async () => {
    for (const address of [undefined, '127.0.0.1', '127.10.0.3', '::1', '::ffff:127.0.0.1']) {
      const { status, body } = await identity.json('/dev/mailbox', address ? { address } : {});
      expect(status, address).toBe(200);
      expect(body).toMatchObject({ is_success: true, data: expect.any(Array) });
    }
  });

  it('answers any other client as if there were no mailbox, whatever address it claims', async () => {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
      const { status, body } = await identity.json('/dev/mailbox', { address: '203.0.113.7', headers });
      expect(status).toBe(404);
      expect(body).toMatchObject({ is_success: false, message: 'Not found' });
      expect(JSON.stringify(body)).not.toContain('recipient');
    }
    const member = await signUp(identity, uniqueEmail('curious'));
    expect((await identity.json('/dev/mailbox', { address: '203.0.113.7', token: member.token })).status).toBe(404);
  });

  it('shows the mailbox to a signed-in admin from anywhere', async () => {
    const login = await identity.json('/admin/login', {
      method: 'POST',
      body: { username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD },
      address: '203.0.113.8',
    });
    expect(login.status).toBe(200);
    expect((await identity.json('/dev/mailbox', { address: '203.0.113.8', token: login.body.token })).status).toBe(200);
  });

  it('called directly, past the gateway, believes its own socket and an address only the gateway vouches for', async () => {
    const direct = (peer: string, headers: Record<string, string>) =>
      identity.booted.instance.app.request('/dev/mailbox', { headers }, { incoming: { socket: { remoteAddress: peer } } });
    expect((await direct('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(404);
    expect((await direct('203.0.113.9', { 'x-forwarded-for': '127.0.0.1', 'x-service-token': 'x'.repeat(48) })).status).toBe(404);
    expect((await direct('127.0.0.1', {})).status).toBe(200);
    // The gateway on this machine, passing on a client it saw elsewhere, and one it saw here.
    expect((await direct('127.0.0.1', { 'x-forwarded-for': '203.0.113.9', 'x-service-token': TEST_SERVICE_TOKEN })).status).toBe(404);
    expect((await direct('10.0.0.5', { 'x-forwarded-for': '::1', 'x-service-token': TEST_SERVICE_TOKEN })).status).toBe(200);
  });
});

describe('with Google sign-in configured, outside production', () => {
  let identity: ServiceHarness;
  beforeAll(async () => {
    identity = await startIdentity('pglite', GOOGLE);
  });
  afterAll(async () => identity?.close());

  it('has no development sign-in provider: no page, no keys, no tokens', async () => {
    for (const path of ['/dev/idp', '/dev/idp/jwks.json', '/dev/idp/.well-known/openid-configuration'])
      expect((await identity.request(path)).status, path).toBe(404);
    const mint = await identity.request('/dev/idp/id-token', { method: 'POST', body: { email: 'victim@example.in', name: 'Victim' } });
    expect(mint.status).toBe(404);
    expect((await identity.json('/user/sign-in-options')).body.data).toEqual({
      provider: 'google',
      googleClientId: GOOGLE.GOOGLE_CLIENT_ID,
    });
  });

  it("refuses a token signed with the development provider's own key", async () => {
    // The provider's key, as a development run on this database would have left it.
    const idp = await openDevIdentityProvider(identity.db, 'http://localhost:3000/dev/idp');
    const credential = await idp.mint({ email: 'victim@example.in', name: 'Victim' });
    const { status, body } = await identity.json('/user/login', { method: 'POST', body: { credential } });
    expect(status).toBe(401);
    expect(body.token).toBeUndefined();
  });

  it('still keeps a mailbox while mail is not really sent', async () => {
    expect((await identity.request('/dev/mailbox')).status).toBe(200);
  });
});

describe('with a mail server configured, outside production', () => {
  let identity: ServiceHarness;
  beforeAll(async () => {
    // Nothing is mailed in these tests, so nothing ever connects to it.
    identity = await startIdentity('pglite', { SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => identity?.close());

  it('has no mailbox, not even for this machine: the mail went to the members themselves', async () => {
    for (const address of [undefined, '127.0.0.1'])
      expect((await identity.request('/dev/mailbox', address ? { address } : {})).status).toBe(404);
  });

  it('keeps the development sign-in while no real provider is set up', async () => {
    expect((await identity.request('/dev/idp')).status).toBe(200);
  });
});
