import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from '@elts/platform';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_EMAIL_HELD } from '../src/commands/sign-in.js';
import { namesFromClaims } from '../src/domain/member.js';
import { confirmationToken, devCredential, openConfirmation, signUp, startIdentity, uniqueEmail, updateProfile } from './helpers.js';

describe.each(DATABASE_KINDS)('sign-in and sessions on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;

  beforeAll(async () => {
    if (available) identity = await startIdentity(kind);
  });
  afterAll(async () => identity?.close());

  const profileOf = async (token: string) => (await identity.json('/user/get-profile', { method: 'POST', token })).body.data[0];

  it.runIf(available)('registers a new member with the next permanent number, and signs the same person in again', async () => {
    const email = uniqueEmail('asha');
    const first = await signUp(identity, email, 'Asha Rao');
    expect(first.login).toMatchObject({
      is_success: true,
      message: 'Welcome! Your membership has been created.',
      data: { is_new_member: true },
    });
    expect(first.login.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await signUp(identity, email, 'Someone Else');
    expect(again.login).toMatchObject({ is_success: true, message: 'Login successful', data: { is_new_member: false } });
    expect(again.memberId).toBe(first.memberId);
    expect(again.login.data.member_number).toBe(first.login.data.member_number);
    const second = await signUp(identity, uniqueEmail('ravi'), 'Ravi Kumar');
    expect(second.login.data.member_number).toBe(first.login.data.member_number + 1);
    const { body } = await identity.json('/user/get-profile', { method: 'POST', token: first.token });
    expect(body.data[0]).toMatchObject({ firstname: 'Asha', lastname: 'Rao', email });
  });

  it.runIf(available)('tells the sign-in buttons to use the development provider when Google is not configured', async () => {
    const { body } = await identity.json('/user/sign-in-options');
    expect(body.data).toEqual({ provider: 'development', googleClientId: null });
  });

  it.runIf(available)('sets the session as an HttpOnly SameSite=Lax cookie too', async () => {
    const { headers } = await signUp(identity);
    const cookie = headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^elts_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it.runIf(available)('accepts the token raw, with Bearer, or as the cookie', async () => {
    const { token } = await signUp(identity);
    for (const headers of <Record<string, string>[]>[
      { authorization: token },
      { authorization: `Bearer ${token}` },
      { cookie: `elts_session=${token}`, origin: 'http://localhost' },
    ]) {
      const res = await identity.request('/user/get-profile', { method: 'POST', headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it.runIf(available)('refuses a cookie-authenticated write from another site, and allows it from our own pages', async () => {
    const { token } = await signUp(identity);
    const body = { hideFromWall: true };
    const crossSite = await identity.request('/user/update-profile', {
      method: 'POST',
      body,
      headers: { cookie: `elts_session=${token}`, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await identity.request('/user/update-profile', { method: 'POST', body, headers: { cookie: `elts_session=${token}` } });
    expect(noOrigin.status).toBe(403);
    const sameSite = await identity.request('/user/update-profile', {
      method: 'POST',
      body,
      headers: { cookie: `elts_session=${token}`, origin: 'http://localhost' },
    });
    expect(sameSite.status).toBe(200);
  });

  it.runIf(available)('revokes a session at once on logout', async () => {
    const { token } = await signUp(identity);
    expect((await identity.request('/user/logout', { method: 'POST', token })).status).toBe(200);
    const { status, body } = await identity.json('/user/get-profile', { method: 'POST', token });
    expect(status).toBe(401);
    expect(body).toMatchObject({ is_success: false, message: 'Session expired. Please login again.' });
  });

  it.runIf(available)('logs a member out on every device', async () => {
    const email = uniqueEmail();
    const phone = await signUp(identity, email);
    const laptop = await signUp(identity, email);
    await identity.request('/user/logout-everywhere', { method: 'POST', token: phone.token });
    expect((await identity.request('/user/get-profile', { method: 'POST', token: laptop.token })).status).toBe(401);
  });

  it.runIf(available)('refuses calls without a session, and ignores a principal a client claims for itself', async () => {
    const { memberId } = await signUp(identity);
    const forged = await identity.request('/user/get-profile', {
      method: 'POST',
      headers: { 'x-principal': JSON.stringify({ member: { id: memberId, sessionId: memberId } }), 'x-service-token': 'guess' },
    });
    expect(forged.status).toBe(401);
    expect((await identity.request('/user/get-profile', { method: 'POST', token: 'not-a-real-token-at-all-xxxxxxxxx' })).status).toBe(401);
  });

  it.runIf(available)('never opens an account by an email its holder typed into a profile', async () => {
    const victimEmail = uniqueEmail('victim');
    const attacker = await signUp(identity, uniqueEmail('attacker'), 'Mallory Shah');
    await updateProfile(identity, attacker.token, { mobile: '9123456780' });
    const claimed = await updateProfile(identity, attacker.token, { email: victimEmail });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data[0].email).toBe(attacker.email);
    // Even if the link is opened (a mail scanner following every link in the victim's inbox), sign-in ignores it.
    expect((await openConfirmation(identity, await confirmationToken(identity, victimEmail))).status).toBe(200);
    const attackersProfile = await profileOf(attacker.token);
    expect(attackersProfile.email).toBe(victimEmail);

    const victim = await signUp(identity, victimEmail, 'Vidya Menon');
    expect(victim.login).toMatchObject({
      message: 'Welcome! Your membership has been created.',
      data: { is_new_member: true, email: victimEmail },
    });
    expect(victim.memberId).not.toBe(attacker.memberId);
    expect(victim.login.data.member_number).not.toBe(attackersProfile.member_number);
    expect(await profileOf(victim.token)).toMatchObject({ email: victimEmail, firstname: 'Vidya', lastname: 'Menon', mobile: null });
    expect(await profileOf(attacker.token)).toEqual(attackersProfile);
    // And the victim keeps finding their own account.
    expect((await signUp(identity, victimEmail, 'Vidya Menon')).memberId).toBe(victim.memberId);
  });

  it.runIf(available)('refuses a token whose email the issuer has not verified, and opens no account with it', async () => {
    const holder = await signUp(identity, uniqueEmail('holder'));
    const { rows } = await sql<{ kid: string; private_jwk: JWK }>`select kid, private_jwk from dev_idp_keys`.execute(identity.db);
    const key = await importJWK(rows[0]!.private_jwk, 'ES256');
    for (const verified of [false, undefined, 'true']) {
      const credential = await new SignJWT({
        email: holder.email,
        ...(verified === undefined ? {} : { email_verified: verified }),
        name: 'Eve',
      })
        .setProtectedHeader({ alg: 'ES256', kid: rows[0]!.kid })
        .setIssuer('http://localhost:3000/dev/idp')
        .setAudience('elts-dev-sign-in')
        .setSubject(`other|${holder.email}`)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
      const { status, body } = await identity.json('/user/login', { method: 'POST', body: { credential } });
      expect(status, String(verified)).toBe(401);
      expect(body).toMatchObject({ is_success: false, message: 'Please verify your email address with your sign-in provider first.' });
    }
  });

  it.runIf(available)('keeps hostile text out of the names a token brings, and off the wall', async () => {
    const hostile = await signUp(identity, uniqueEmail('hostile'), "=cmd|' <script>alert(1)</script>");
    expect(await profileOf(hostile.token)).toMatchObject({ firstname: '', lastname: '' });
    const mixed = await signUp(identity, uniqueEmail('mixed'), "José O'Brien-Smith <b>");
    expect(await profileOf(mixed.token)).toMatchObject({ firstname: 'José', lastname: "O'Brien-Smith" });
    const wall = await identity.request('/user/wall?limit=500');
    const text = await wall.text();
    for (const fragment of ['=cmd', '<script', 'alert', 'HYPERLINK', '<b>']) expect(text).not.toContain(fragment);
  });

  describe('refuses credentials that do not verify', () => {
    it.runIf(available)('without a credential, even with a user object', async () => {
      const { status, body } = await identity.json('/user/login', {
        method: 'POST',
        body: { user: { name: 'Asha', email: 'asha@example.in', id: '123', profile_image: 'x' } },
      });
      expect(status).toBe(400);
      expect(body.message).toContain('credential');
    });

    it.runIf(available)('with a forged signature', async () => {
      const genuine = await devCredential(identity, uniqueEmail());
      const [header, payload] = genuine.split('.');
      const forged = `${header}.${payload}.${Buffer.from('x'.repeat(64)).toString('base64url')}`;
      expect((await identity.json('/user/login', { method: 'POST', body: { credential: forged } })).status).toBe(401);
    });

    it.runIf(available)('signed by a key the issuer does not publish', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      const credential = await new SignJWT({ email: 'mallory@example.in', email_verified: true })
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer('http://localhost:3000/dev/idp')
        .setAudience('elts-dev-sign-in')
        .setSubject('dev|mallory@example.in')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      const { status, body } = await identity.json('/user/login', { method: 'POST', body: { credential } });
      expect(status).toBe(401);
      expect(body).toMatchObject({ is_success: false, message: 'Sign-in could not be verified. Please try again.' });
    });
  });
});

describe.each(DATABASE_KINDS)('Google sign-in against a local stand-in for its keys, on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;
  let server: ReturnType<typeof createServer>;
  let sign: (claims: Record<string, unknown>) => Promise<string>;

  beforeAll(async () => {
    if (!available) return;
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    identity = await startIdentity(kind, {
      GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
    });
    // Signed with the very key the verifier trusts: a refusal can then only come from the claim a test changes.
    sign = ({ iss = 'https://accounts.google.com', aud = 'client-123.apps.googleusercontent.com', exp = '5m', ...claims }) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
        .setIssuer(String(iss))
        .setAudience(String(aud))
        .setSubject(String(claims.sub ?? '1098765'))
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(exp as string | number)
        .sign(privateKey);
  });
  afterAll(async () => {
    await identity?.close();
    server?.close();
  });

  it.runIf(available)('tells the sign-in buttons to use Google with this client', async () => {
    const { body } = await identity.json('/user/sign-in-options');
    expect(body.data).toEqual({ provider: 'google', googleClientId: 'client-123.apps.googleusercontent.com' });
  });

  it.runIf(available)('signs in with a verified Google account', async () => {
    const email = uniqueEmail('google');
    const credential = await sign({ email, email_verified: true, name: 'Meera Nair', sub: 'g-1' });
    const { status, body } = await identity.json('/user/login', { method: 'POST', body: { credential } });
    expect(status).toBe(200);
    const profile = await identity.json('/user/get-profile', { method: 'POST', token: body.token });
    expect(profile.body.data[0]).toMatchObject({ email, firstname: 'Meera', lastname: 'Nair' });
  });

  describe('refuses a genuinely signed token', () => {
    const refused = async (claims: Record<string, unknown>) => {
      const credential = await sign({ email: uniqueEmail('mallory'), email_verified: true, sub: 'g-3', ...claims });
      const { status, body } = await identity.json('/user/login', { method: 'POST', body: { credential } });
      expect(status).toBe(401);
      expect(body).toMatchObject({ is_success: false, message: 'Sign-in could not be verified. Please try again.' });
    };

    it.runIf(available)('for another audience', () => refused({ aud: 'someone-else.apps.googleusercontent.com' }));
    it.runIf(available)('from another issuer', () => refused({ iss: 'https://evil.example' }));
    // An hour past expiry, well beyond the verifier's 30 seconds of clock tolerance.
    it.runIf(available)('that has expired', () => refused({ exp: Math.floor(Date.now() / 1000) - 3600 }));
  });

  it.runIf(available)('refuses a verified address another member signs in with under another subject, rather than linking it', async () => {
    const email = uniqueEmail('held');
    const first = await identity.json('/user/login', {
      method: 'POST',
      body: { credential: await sign({ email, email_verified: true, name: 'Meera Nair', sub: 'g-held-1' }) },
    });
    expect(first.status).toBe(200);
    const other = await identity.json('/user/login', {
      method: 'POST',
      body: { credential: await sign({ email: email.toUpperCase(), email_verified: true, name: 'Meera Nair', sub: 'g-held-2' }) },
    });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ is_success: false, message: SIGN_IN_EMAIL_HELD });
    expect(other.body.token).toBeUndefined();
    const held = await sql<{ n: number }>`select count(*)::int as n from members where lower(sign_in_email) = ${email}`.execute(
      identity.db,
    );
    expect(held.rows[0]!.n).toBe(1);
  });

  it.runIf(available)("applies the profile's name rules to a Google account's given and family names", async () => {
    const credential = await sign({
      email: uniqueEmail('names'),
      email_verified: true,
      given_name: "=cmd|' /C calc",
      family_name: '<img src=x onerror=alert(1)>',
      name: 'ignored',
      sub: 'g-names',
    });
    const { body } = await identity.json('/user/login', { method: 'POST', body: { credential } });
    const profile = await identity.json('/user/get-profile', { method: 'POST', token: body.token });
    expect(profile.body.data[0]).toMatchObject({ firstname: 'calc', lastname: '' });
  });

  it.runIf(available)('refuses an unverified Google email', async () => {
    const credential = await sign({ email: uniqueEmail(), email_verified: false, sub: 'g-2' });
    const { status, body } = await identity.json('/user/login', { method: 'POST', body: { credential } });
    expect(status).toBe(401);
    expect(body.message).toBe('Please verify your email address with your sign-in provider first.');
  });
});

describe('the development identity provider in production', () => {
  const available = databaseAvailable('pglite');
  let identity: ServiceHarness;
  beforeAll(async () => {
    identity = await startIdentity(
      'pglite',
      { GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com', ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'a long admin passphrase' },
      'production',
    );
  });
  afterAll(async () => identity?.close());

  it.runIf(available)('does not exist', async () => {
    for (const path of ['/dev/idp', '/dev/idp/jwks.json', '/dev/mailbox', '/dev/sms'])
      expect((await identity.request(path)).status).toBe(404);
    expect((await identity.request('/dev/idp/id-token', { method: 'POST', body: { email: 'a@b.in', name: 'A' } })).status).toBe(404);
  });

  it.runIf(available)('marks session cookies Secure', async () => {
    const res = await identity.request('/admin/login', { method: 'POST', body: { username: 'ops', password: 'a long admin passphrase' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^elts_admin=.+; Secure/);
  });
});

describe('names from an identity provider', () => {
  const email = 'someone@example.in';

  it('keep what the profile allows: letters of any script, spaces, dots, apostrophes and hyphens', () => {
    expect(namesFromClaims({ given_name: 'José', family_name: "O'Brien-Smith Jr.", email })).toEqual({
      firstname: 'José',
      lastname: "O'Brien-Smith Jr.",
    });
    expect(namesFromClaims({ name: 'अनीता  देवी', email })).toEqual({ firstname: 'अनीता', lastname: 'देवी' });
    expect(namesFromClaims({ email: 'asha.rao@example.in' })).toEqual({ firstname: 'asha.rao', lastname: '' });
  });

  it('drop formulas, markup and other symbols, and may leave the first name for onboarding to ask', () => {
    expect(namesFromClaims({ given_name: "=cmd|'", family_name: '<script>alert(1)</script>', email })).toEqual({
      firstname: '',
      lastname: '',
    });
    expect(namesFromClaims({ name: '+SUM(A1) Ravi Kumar (work)', email })).toEqual({ firstname: 'Ravi', lastname: 'Kumar' });
    expect(namesFromClaims({ given_name: '-Asha', family_name: '@Rao', email })).toEqual({ firstname: 'Asha', lastname: '' });
    expect(namesFromClaims({ email: '=1+1@example.in' })).toEqual({ firstname: '', lastname: '' });
    expect(namesFromClaims({ given_name: 'A'.repeat(80), email }).firstname).toHaveLength(50);
  });
});
