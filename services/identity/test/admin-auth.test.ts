import { captureLogger, DATABASE_KINDS, databaseAvailable, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startIdentity } from './helpers.js';

const RIGHT = 'correct horse battery staple';
const LOCKED = /^Too many failed attempts\. Please try again in \d+ minutes\.$/;

// Failures count per client address too: each test signs in from addresses of its own, so one test's guesses never
// lock another's client.
let addresses = 0;
const freshAddress = () => `198.18.7.${++addresses}`;

describe.each(DATABASE_KINDS)('admin sign-in on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;
  const logs = captureLogger('identity');
  const login = (username: string, password: string, address = freshAddress()) =>
    identity.json('/admin/login', { method: 'POST', body: { username, password }, address });
  /** Three failures (the limit here), each from a different client, so only the username's count is reached. */
  const lockUsername = async (username: string) => {
    for (let i = 0; i < 3; i++) expect((await login(username, `guess ${i}`)).status).toBe(401);
  };

  beforeAll(async () => {
    if (available) {
      identity = await startIdentity(
        kind,
        {
          ADMIN_USERNAME: 'operator',
          ADMIN_PASSWORD: RIGHT,
          LOGIN_FAILURES_BEFORE_LOCKOUT: '3',
        },
        undefined,
        undefined,
        logs.logger,
      );
      const { upsertAdmin } = await import('../src/commands/admins.js');
      for (const name of ['second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'])
        await upsertAdmin(identity.db, name, 'another long passphrase');
    }
  });
  afterAll(async () => identity?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it.runIf(available)('signs in the first admin from settings and returns a token', async () => {
    const { status, body, headers } = await login('Operator', RIGHT);
    expect(status).toBe(200);
    expect(body).toMatchObject({ is_success: true, message: 'Login successful', data: { username: 'operator' } });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(headers.get('set-cookie')).toMatch(/^elts_admin=/);
    expect((await identity.json('/admin/invitations', { method: 'POST', token: body.token, body: { count: 1 } })).status).toBe(201);
  });

  it.runIf(available)('tells admin-bff every operator by username, for the audit trail, and only with the service token', async () => {
    const asked = (headers: Record<string, string>) => identity.json('/internal/admins', { headers });
    const { status, body } = await asked({ 'x-service-token': TEST_SERVICE_TOKEN });
    expect(status).toBe(200);
    const names = body.data.admins.map((admin: { username: string }) => admin.username);
    expect(names).toEqual(['fifth', 'fourth', 'operator', 'second', 'seventh', 'sixth', 'third']);
    expect(body.data.admins.every((admin: object) => Object.keys(admin).join() === 'id,username')).toBe(true);
    expect((await asked({})).status).toBe(401);
  });

  it.runIf(available)('needs both fields', async () => {
    const { status, body } = await identity.json('/admin/login', {
      method: 'POST',
      body: { username: 'operator' },
      address: freshAddress(),
    });
    expect(status).toBe(400);
    expect(body.message).toContain('Password is required');
  });

  it.runIf(available)('logs failed and locked-out sign-ins with the username and client for operators, never the password', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) expect((await login('seventh', `wrong guess ${i}`, address)).status).toBe(401);
    expect((await login('seventh', 'another long passphrase', address)).status).toBe(429);
    const mine = logs.lines().filter((line) => line.client === address);
    expect(mine.filter((line) => line.msg === 'admin sign-in failed')).toHaveLength(3);
    expect(mine.filter((line) => line.msg === 'admin sign-in failed').every((line) => line.username === 'seventh')).toBe(true);
    expect(mine.filter((line) => line.msg === 'admin sign-in refused: locked out')).toHaveLength(1);
    expect(logs.text()).not.toContain('wrong guess');
    expect(logs.text()).not.toContain('another long passphrase');
  });

  it.runIf(available)('gives the same answer for an unknown user and a wrong password', async () => {
    const unknown = await login('nobody', 'whatever-password');
    const wrong = await login('operator', 'wrong password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid username or password');
    expect(wrong.body.message).toBe(unknown.body.message);
    expect((await login('operator', RIGHT)).status).toBe(200);
  });

  it.runIf(available)('locks the account after repeated failures from any clients, even against the right password', async () => {
    await lockUsername('operator');
    const locked = await identity.request('/admin/login', {
      method: 'POST',
      body: { username: 'operator', password: RIGHT },
      address: freshAddress(),
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(((await locked.json()) as { message: string }).message).toMatch(LOCKED);
  });

  it.runIf(available)('locks a username that has no account exactly as it locks one that has, so a lock tells nothing', async () => {
    await lockUsername('second');
    await lockUsername('no-such-admin');
    const real = await login('Second', 'another long passphrase');
    const madeUp = await login('No-Such-Admin', 'another long passphrase');
    for (const answer of [real, madeUp]) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ is_success: false, message: expect.stringMatching(LOCKED) });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(60);
    }
    expect(madeUp.body.message).toBe(real.body.message);
    expect(madeUp.headers.get('retry-after')).toBe(real.headers.get('retry-after'));
  });

  it.runIf(available)(
    'counts failures per client across usernames: a client that sprays guesses is locked out of every account',
    async () => {
      const sprayer = freshAddress();
      for (const name of ['amit', 'bina', 'chetan']) expect((await login(name, 'Password@123', sprayer)).status).toBe(401);
      const refused = await login('third', 'another long passphrase', sprayer);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(LOCKED);
      // The account itself is not locked: from anywhere else its admin signs in.
      expect((await login('third', 'another long passphrase')).status).toBe(200);
    },
  );

  it.runIf(available)('believes a client address only from the gateway: one a caller writes itself counts for nothing', async () => {
    // Through the front, which strips X-Forwarded-For and sets the socket's peer: the guesses add up on that peer.
    const caller = freshAddress();
    for (let i = 0; i < 3; i++) {
      const answer = await identity.json('/admin/login', {
        method: 'POST',
        body: { username: `spoofer-${i}`, password: 'a guess' },
        address: caller,
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      expect(answer.status).toBe(401);
    }
    expect((await login('fourth', 'another long passphrase', caller)).status).toBe(429);

    // Straight to the service, past the gateway: without the service token the header is ignored, and the caller is
    // the service's own socket peer.
    const direct = (i: number, token?: string) =>
      identity.booted.instance.app.request(
        '/admin/login',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `192.0.2.${100 + i}`,
            ...(token ? { 'x-service-token': token } : {}),
          },
          body: JSON.stringify({ username: `direct-${i}`, password: 'a guess' }),
        },
        { incoming: { socket: { remoteAddress: '203.0.113.99' } } },
      );
    expect((await direct(0)).status).toBe(401);
    expect((await direct(1, 'not-the-service-token-but-long-enough-xxxxxxxxxxx')).status).toBe(401);
    expect((await direct(2)).status).toBe(401);
    expect((await direct(3)).status).toBe(429);
    // With the service token, the address the gateway vouches for is the one that counts.
    expect((await direct(4, TEST_SERVICE_TOKEN)).status).toBe(401);
  });

  it.runIf(available)('lets a signed-in admin keep working while the account is locked: a lock refuses new sign-ins only', async () => {
    const session = await login('fifth', 'another long passphrase');
    expect(session.status).toBe(200);
    await lockUsername('fifth');
    expect((await login('fifth', 'another long passphrase')).status).toBe(429);
    const invite = await identity.json('/admin/invitations', { method: 'POST', token: session.body.token, body: { count: 1 } });
    expect(invite.status).toBe(201);
    expect((await identity.json('/admin/logout', { method: 'POST', token: session.body.token })).status).toBe(200);
  });

  it.runIf(available)('starts the count afresh once a lock has run out: one later guess does not lock again', async () => {
    // The lock is taken 16 minutes ago (the lockout is 15), then the clock comes back to now.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 16 * 60_000 });
    await lockUsername('sixth');
    expect((await login('sixth', 'another long passphrase')).status).toBe(429);
    vi.useRealTimers();

    expect((await login('sixth', 'a late guess')).status).toBe(401);
    expect((await login('sixth', 'another late guess')).status).toBe(401);
    expect((await login('sixth', 'another long passphrase')).status).toBe(200);
    // Success wipes the count too: two more failures are again below the limit.
    expect((await login('sixth', 'guess again')).status).toBe(401);
    expect((await login('sixth', 'and again')).status).toBe(401);
    expect((await login('sixth', 'another long passphrase')).status).toBe(200);
  });

  it.runIf(available)('stores locks in the database, not in memory, so they hold across a restart and on every instance', async () => {
    const rows = await identity.db
      .selectFrom('admin_sign_in_failures')
      .select(['kind', 'subject', 'locked_until'])
      .where('subject', '=', 'operator')
      .execute();
    expect(rows).toEqual([{ kind: 'username', subject: 'operator', locked_until: expect.any(Date) }]);
    expect(rows[0]?.locked_until.getTime()).toBeGreaterThan(Date.now() + 60_000);
  });

  it.runIf(available)('keeps realms apart: an admin session is not a member session', async () => {
    const admin = await login('third', 'another long passphrase');
    expect(admin.status).toBe(200);
    expect((await identity.json('/user/get-profile', { method: 'POST', token: admin.body.token })).status).toBe(401);
  });
});
