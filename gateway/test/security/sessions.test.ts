import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_COOKIES } from '@elts/contracts';
import { sql } from '@elts/platform';
import { databaseAvailable } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type CallResult, PRODUCTION_ENV, type ProductUnderTest, startProduct } from '../support/product.js';

/**
 * Sessions and sign-in (issue 9, suite 5), through the whole product's gateway as a browser or a script would call
 * it. Identity's own tests (services/identity/test/sign-in.test.ts, admin-auth.test.ts) prove the same rules on the
 * service alone; these prove them at the front door, with the gateway's session resolution, Origin check and abuse
 * limits in the way, and across two gateways over one database.
 */

const ORIGIN = 'http://localhost';
const SESSION_EXPIRED = 'Session expired. Please login again.';
/** A token of the right shape that the product never issued: what an attacker would plant in a victim's browser. */
const plantedToken = () => randomBytes(32).toString('base64url');

interface Cookie {
  name: string;
  value: string;
  attributes: string[];
}

function cookiesOf(result: CallResult): Cookie[] {
  return result.headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes };
  });
}

function cookieNamed(result: CallResult, name: string): Cookie {
  const cookie = cookiesOf(result).find((candidate) => candidate.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in ${JSON.stringify(result.headers.getSetCookie())}`);
  return cookie;
}

// The sign-in limit is on (as in production) and counts per address: each sign-in here comes from an address of its
// own, so the suite's many sign-ins are not taken for guessing.
let addresses = 0;
const freshAddress = () => `198.18.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

async function idToken(harness: ProductUnderTest, email: string): Promise<string> {
  const idp = await harness.call('/dev/idp/id-token', { body: { email, name: 'Asha Rao' }, address: freshAddress() });
  expect(idp.status, idp.text).toBe(200);
  return idp.body.id_token as string;
}

async function signUp(harness: ProductUnderTest, email: string): Promise<string> {
  const login = await harness.call('/user/login', { body: { credential: await idToken(harness, email) }, address: freshAddress() });
  expect(login.status, login.text).toBe(200);
  return login.body.token as string;
}

/** A member-only read: 200 with the session's own profile, 401 without a live session. */
const profile = (harness: ProductUnderTest, init: { token?: string; cookie?: string }) =>
  harness.call('/user/get-profile', {
    method: 'POST',
    ...(init.token ? { token: init.token } : {}),
    headers: init.cookie ? { cookie: `elts_session=${init.cookie}`, origin: ORIGIN } : {},
  });

async function expectRefused(harness: ProductUnderTest, init: { token?: string; cookie?: string }) {
  const answer = await profile(harness, init);
  expect(answer.status).toBe(401);
  expect(answer.body).toMatchObject({ is_success: false, message: SESSION_EXPIRED });
}

describe('sessions and sign-in through the gateway', () => {
  let harness: ProductUnderTest;

  beforeAll(async () => {
    // Abuse limits on, as in production; each test that leans on them calls from its own address.
    harness = await startProduct('pglite', { RATE_LIMITS: 'on', LOGIN_FAILURES_BEFORE_LOCKOUT: '3' });
  }, 120_000);
  afterAll(async () => harness?.stop());

  describe('session fixation', () => {
    it('never adopts a token the client chose: a planted cookie is ignored and sign-in issues a fresh one', async () => {
      const planted = plantedToken();
      const credential = await idToken(harness, 'fixation.victim@example.in');
      const login = await harness.call('/user/login', {
        body: { credential },
        headers: { cookie: `elts_session=${planted}`, origin: ORIGIN },
      });
      expect(login.status, login.text).toBe(200);
      expect(login.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(login.body.token).not.toBe(planted);
      const cookie = cookieNamed(login, 'elts_session');
      expect(cookie.value).toBe(login.body.token);
      // The planted value opens nothing, before or after the victim signed in with it in the jar.
      await expectRefused(harness, { cookie: planted });
      await expectRefused(harness, { token: planted });
      expect((await profile(harness, { token: login.body.token })).body.data[0].email).toBe('fixation.victim@example.in');
    });

    it("replaces an attacker's own live session planted in the browser, which stays the attacker's", async () => {
      const attacker = await signUp(harness, 'fixation.attacker@example.in');
      const credential = await idToken(harness, 'fixation.second@example.in');
      const login = await harness.call('/user/login', {
        body: { credential },
        headers: { cookie: `elts_session=${attacker}`, origin: ORIGIN },
      });
      expect(login.status, login.text).toBe(200);
      expect(login.body.token).not.toBe(attacker);
      expect(cookieNamed(login, 'elts_session').value).toBe(login.body.token);
      expect((await profile(harness, { cookie: login.body.token })).body.data[0].email).toBe('fixation.second@example.in');
      expect((await profile(harness, { cookie: attacker })).body.data[0].email).toBe('fixation.attacker@example.in');
    });

    it('issues a new token at every sign-in, member and admin alike', async () => {
      const email = 'twice@example.in';
      const first = await signUp(harness, email);
      const second = await signUp(harness, email);
      expect(second).not.toBe(first);
      const adminFirst = await harness.adminToken();
      const adminSecond = await harness.adminToken();
      expect(adminSecond).not.toBe(adminFirst);
      for (const token of [first, second]) expect((await profile(harness, { token })).status).toBe(200);
    });

    it('refuses a cross-site sign-in form: login takes JSON only, which a page of another site cannot send', async () => {
      const credential = await idToken(harness, 'login.csrf@example.in');
      const form = await harness.call('/user/login', { form: { credential }, headers: { origin: 'https://evil.example' } });
      expect(form.status).toBeGreaterThanOrEqual(400);
      expect(form.status).toBeLessThan(500);
      expect(form.body.is_success).toBe(false);
      expect(cookiesOf(form)).toEqual([]);
      const plain = await harness.call('/user/login', {
        raw: JSON.stringify({ credential }),
        contentType: 'text/plain',
        headers: { origin: 'https://evil.example' },
      });
      expect(plain.status).toBeGreaterThanOrEqual(400);
      expect(plain.status).toBeLessThan(500);
      expect(cookiesOf(plain)).toEqual([]);
    });
  });

  it('keeps no session token or admin password in clear in the database: only hashes (SHA-256, argon2id)', async () => {
    const token = await signUp(harness, 'at.rest@example.in');
    const admin = await harness.adminToken();
    const identity = harness.product.infrastructure.database.forSchema('identity');
    const sessions = await sql<{ row: string }>`select row_to_json(s)::text as row from sessions s`.execute(identity);
    expect(sessions.rows.length).toBeGreaterThan(1);
    const stored = sessions.rows.map(({ row }) => row).join('\n');
    for (const secret of [token, admin]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(Buffer.from(secret).toString('hex'));
    }
    const admins = await sql<{ password_hash: string }>`select password_hash from admins`.execute(identity);
    expect(admins.rows.map((row) => row.password_hash)).toEqual([expect.stringMatching(/^\$argon2id\$/)]);
    expect(JSON.stringify(admins.rows)).not.toContain(ADMIN.password);
  });

  it('refuses a session past its lifetime', async () => {
    const token = await signUp(harness, 'lifetime@example.in');
    expect((await profile(harness, { token })).status).toBe(200);
    const identity = harness.product.infrastructure.database.forSchema('identity');
    const tokenHash = createHash('sha256').update(token).digest();
    await sql`update sessions set expires_at = now() - interval '1 second' where token_hash = ${tokenHash}`.execute(identity);
    await expectRefused(harness, { token });
  });

  describe('logging out', () => {
    it('ends only the session it is called with', async () => {
      const email = 'one.device@example.in';
      const phone = await signUp(harness, email);
      const laptop = await signUp(harness, email);
      const logout = await harness.call('/user/logout', { method: 'POST', token: phone });
      expect(logout.status).toBe(200);
      const cleared = cookieNamed(logout, 'elts_session');
      expect(cleared.value).toBe('');
      expect(cleared.attributes).toContain('Max-Age=0');
      await expectRefused(harness, { token: phone });
      expect((await profile(harness, { token: laptop })).status).toBe(200);
    });

    it("ends every session of the member on logout-everywhere, by header or cookie, and no one else's", async () => {
      const email = 'every.device@example.in';
      const phone = await signUp(harness, email);
      const laptop = await signUp(harness, email);
      const browser = await signUp(harness, email);
      const someoneElse = await signUp(harness, 'someone.else@example.in');
      const logout = await harness.call('/user/logout-everywhere', { method: 'POST', token: phone });
      expect(logout.status).toBe(200);
      expect(logout.body).toMatchObject({ is_success: true });
      expect(cookieNamed(logout, 'elts_session').value).toBe('');
      for (const token of [phone, laptop]) await expectRefused(harness, { token });
      await expectRefused(harness, { cookie: browser });
      expect((await profile(harness, { token: someoneElse })).status).toBe(200);
      // Signing in again opens a new session; the old ones stay dead.
      const again = await signUp(harness, email);
      expect((await profile(harness, { token: again })).status).toBe(200);
      await expectRefused(harness, { token: laptop });
    });

    it('ends an admin session on admin logout', async () => {
      const admin = await harness.adminToken();
      expect((await harness.call('/admin/users', { token: admin })).status).toBe(200);
      const logout = await harness.call('/admin/logout', { method: 'POST', token: admin });
      expect(logout.status).toBe(200);
      expect(cookieNamed(logout, 'elts_admin').value).toBe('');
      expect((await harness.call('/admin/users', { token: admin })).status).toBe(401);
    });
  });

  describe('cookies', () => {
    it('sets the member session as an HttpOnly, SameSite=Lax cookie for the whole site, not Secure outside production', async () => {
      const login = await harness.call('/user/login', { body: { credential: await idToken(harness, 'cookie.flags@example.in') } });
      const cookie = cookieNamed(login, 'elts_session');
      expect(cookie.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
      expect(cookie.attributes.some((attribute) => attribute.startsWith('Expires='))).toBe(true);
      expect(cookie.attributes).not.toContain('Secure');
    });

    it('sets the admin session as an HttpOnly, SameSite=Lax cookie of its own name', async () => {
      const login = await harness.call('/admin/login', { body: ADMIN });
      const cookie = cookieNamed(login, 'elts_admin');
      expect(cookie.value).toBe(login.body.token);
      expect(cookie.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
      expect(cookiesOf(login).map((each) => each.name)).toEqual(['elts_admin']);
    });
  });

  describe('the Origin check on cookie-authenticated writes', () => {
    const hide = (headers: Record<string, string>) =>
      harness.call('/user/update-profile', { body: { hideFromWall: true }, headers: { ...headers } });

    it('refuses a write carried by the cookie from another site, without an origin, or from an opaque origin', async () => {
      const token = await signUp(harness, 'origin.check@example.in');
      for (const headers of <Record<string, string>[]>[
        { cookie: `elts_session=${token}`, origin: 'https://evil.example' },
        { cookie: `elts_session=${token}`, referer: 'https://evil.example/page' },
        { cookie: `elts_session=${token}`, origin: 'null' },
        { cookie: `elts_session=${token}`, origin: 'http://localhost.evil.example' },
        { cookie: `elts_session=${token}` },
      ]) {
        const answer = await hide(headers);
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.body).toMatchObject({ is_success: false, message: 'Cross-site request refused' });
      }
      // Refused before it reached identity: the member is still on the wall.
      expect((await profile(harness, { token })).body.data[0]).toMatchObject({ hideFromWall: false });
      // Logging out by cookie from another site would be a nuisance attack: refused too, and the session lives on.
      const logout = await harness.call('/user/logout-everywhere', {
        method: 'POST',
        headers: { cookie: `elts_session=${token}`, origin: 'https://evil.example' },
      });
      expect(logout.status).toBe(403);
      expect((await profile(harness, { token })).status).toBe(200);
    });

    it('allows the same write from our own pages (Origin, or Referer when there is no Origin), and by header', async () => {
      const token = await signUp(harness, 'origin.ok@example.in');
      expect((await hide({ cookie: `elts_session=${token}`, origin: ORIGIN })).status).toBe(200);
      expect((await hide({ cookie: `elts_session=${token}`, referer: `${ORIGIN}/profile` })).status).toBe(200);
      // A header is never sent by a browser on its own, so a bearer call is not a cross-site forgery whatever it says.
      const bearer = await harness.call('/user/update-profile', {
        token,
        body: { hideFromWall: true },
        headers: { origin: 'https://evil.example' },
      });
      expect(bearer.status).toBe(200);
      expect((await profile(harness, { token })).body.data[0]).toMatchObject({ hideFromWall: true });
    });

    it('applies to the admin cookie too', async () => {
      const login = await harness.call('/admin/login', { body: ADMIN });
      const token = login.body.token as string;
      const invite = (origin: string) =>
        harness.call('/admin/invitations', { body: { count: 1 }, headers: { cookie: `elts_admin=${token}`, origin } });
      expect((await invite('https://evil.example')).status).toBe(403);
      expect((await invite(ORIGIN)).status).toBe(201);
    });
  });

  describe('admin sign-in under guessing', () => {
    const LOCKED = /^Too many failed attempts\. Please try again in \d+ minutes\.$/;
    const guess = (username: string, address: string, headers: Record<string, string> = {}) =>
      harness.call('/admin/login', { body: { username, password: 'a wrong guess' }, address, headers });

    it('limits admin sign-in attempts per client address with 429, Retry-After and the envelope', async () => {
      // Every attempt counts, right or wrong: ten sign-ins with the right password use up the address's allowance.
      for (let i = 0; i < 10; i++) expect((await harness.call('/admin/login', { body: ADMIN, address: '203.0.113.10' })).status).toBe(200);
      const refused = await guess('nobody-here', '203.0.113.10');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ is_success: false, code: 'rate_limited' });
      expect(refused.body.message).toMatch(/^Too many requests\./);
      // Even the right password is not tried from that address until the window passes.
      expect((await harness.call('/admin/login', { body: ADMIN, address: '203.0.113.10' })).status).toBe(429);
      expect((await guess('nobody-here', '198.51.100.20')).status).toBe(401);
    });

    it('locks out a client that guesses across usernames, by the address the gateway saw, whatever X-Forwarded-For says', async () => {
      for (let i = 0; i < 3; i++) {
        const answer = await guess(`sprayed-${i}`, '203.0.113.30', { 'x-forwarded-for': `192.0.2.${50 + i}` });
        expect(answer.status).toBe(401);
      }
      const locked = await harness.call('/admin/login', {
        body: ADMIN,
        address: '203.0.113.30',
        headers: { 'x-forwarded-for': '192.0.2.99' },
      });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(LOCKED);
      expect(locked.body.token).toBeUndefined();
      // Nor can a client put its failures, or its lock, on someone else's address.
      const elsewhere = await harness.call('/admin/login', {
        body: ADMIN,
        address: '203.0.113.31',
        headers: { 'x-forwarded-for': '203.0.113.30' },
      });
      expect(elsewhere.status).toBe(200);
    });

    it('locks a username that has no account just as it locks a real one: a lock says nothing about who exists', async () => {
      for (let i = 0; i < 3; i++) expect((await guess('ghost-admin', `192.0.2.${20 + i}`)).status).toBe(401);
      const locked = await guess('ghost-admin', '192.0.2.30');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
      expect(locked.body.message).toMatch(LOCKED);
    });

    // Last: it locks the one admin account of this product.
    it('locks the account after repeated failures from any addresses, even against the right password; open sessions carry on', async () => {
      const signedIn = await harness.call('/admin/login', { body: ADMIN, address: '192.0.2.100' });
      expect(signedIn.status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const guess = await harness.call('/admin/login', {
          body: { ...ADMIN, password: `guess number ${i}` },
          address: `192.0.2.${i + 1}`,
        });
        expect(guess.status).toBe(401);
        expect(guess.body.message).toBe('Invalid username or password');
      }
      const locked = await harness.call('/admin/login', { body: ADMIN, address: '192.0.2.200' });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
      expect(locked.body.message).toMatch(LOCKED);
      expect(cookiesOf(locked)).toEqual([]);
      expect(locked.body.token).toBeUndefined();
      // A lock stops new sign-ins only: the admin already at work keeps the session.
      expect((await harness.call('/admin/users', { token: signedIn.body.token, address: '192.0.2.100' })).status).toBe(200);
    });
  });
});

describe('cookies in production', () => {
  let production: ProductUnderTest;
  // Production signs members in with Google only: a local stand-in publishes the key its ID tokens are signed with.
  let googleKeys: Server;
  let productionIdToken: (email: string) => Promise<string>;

  beforeAll(async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'google-1', alg: 'RS256', use: 'sig' };
    googleKeys = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => googleKeys.listen(0, '127.0.0.1', resolve));
    const { port } = googleKeys.address() as AddressInfo;
    // An RS256 JWT as Google signs its ID tokens (header.claims.signature, each base64url).
    productionIdToken = async (email) => {
      const now = Math.floor(Date.now() / 1000);
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = {
        iss: 'https://accounts.google.com',
        aud: PRODUCTION_ENV.GOOGLE_CLIENT_ID,
        sub: `google|${email}`,
        email,
        email_verified: true,
        name: 'Asha Rao',
        iat: now,
        exp: now + 300,
      };
      const signed = `${part({ alg: 'RS256', kid: 'google-1', typ: 'JWT' })}.${part(claims)}`;
      return `${signed}.${sign('sha256', Buffer.from(signed), privateKey).toString('base64url')}`;
    };
    production = await startProduct('pglite', { ...PRODUCTION_ENV, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` }, undefined, {
      nodeEnv: 'production',
    });
  }, 120_000);
  afterAll(async () => {
    await production?.stop();
    googleKeys?.close();
  });

  it('marks session cookies Secure, on sign-in and on sign-out', async () => {
    const login = await production.call('/admin/login', { body: ADMIN });
    expect(login.status, login.text).toBe(200);
    expect(cookieNamed(login, 'elts_admin').attributes).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax']));
    const logout = await production.call('/admin/logout', { method: 'POST', token: login.body.token });
    expect(cookieNamed(logout, 'elts_admin').attributes).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'Max-Age=0']));
  });

  it('marks the member session Secure too, on sign-in and on sign-out', async () => {
    const login = await production.call('/user/login', { body: { credential: await productionIdToken('secure.member@example.in') } });
    expect(login.status, login.text).toBe(200);
    expect(cookieNamed(login, SESSION_COOKIES.member).attributes).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax']));
    const logout = await production.call('/user/logout', { method: 'POST', token: login.body.token });
    expect(cookieNamed(logout, SESSION_COOKIES.member).attributes).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'Max-Age=0']));
  });

  it('has no development sign-in: an ID token cannot be minted', async () => {
    const idp = await production.call('/dev/idp/id-token', { body: { email: 'someone@example.in', name: 'Some One' } });
    expect(idp.status).toBe(404);
  });
});

describe.runIf(databaseAvailable('postgres'))('two gateways over one database', () => {
  let first: ProductUnderTest;
  let second: ProductUnderTest;

  beforeAll(async () => {
    first = await startProduct('postgres');
    second = await startProduct('postgres', {}, undefined, { ...(first.databaseUrl ? { databaseUrl: first.databaseUrl } : {}) });
  }, 180_000);
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('accepts a session on either gateway, and refuses it on both once revoked on one', async () => {
    const email = 'two.gateways@example.in';
    const fromFirst = await signUp(first, email);
    const fromSecond = await signUp(second, email);
    for (const harness of [first, second])
      for (const token of [fromFirst, fromSecond]) expect((await profile(harness, { token })).status).toBe(200);

    expect((await second.call('/user/logout', { method: 'POST', token: fromFirst })).status).toBe(200);
    await expectRefused(first, { token: fromFirst });
    await expectRefused(second, { token: fromFirst });
    expect((await profile(first, { token: fromSecond })).status).toBe(200);

    expect((await first.call('/user/logout-everywhere', { method: 'POST', token: fromSecond })).status).toBe(200);
    await expectRefused(second, { token: fromSecond });
    await expectRefused(first, { cookie: fromSecond });
  });

  it('ends an admin session on both gateways when it logs out on one', async () => {
    const admin = await first.adminToken();
    expect((await second.call('/admin/users', { token: admin })).status).toBe(200);
    expect((await second.call('/admin/logout', { method: 'POST', token: admin })).status).toBe(200);
    expect((await first.call('/admin/users', { token: admin })).status).toBe(401);
  });
});
