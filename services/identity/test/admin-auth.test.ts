import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity } from './helpers.js';

describe.each(DATABASE_KINDS)('admin sign-in on %s', (kind) => {
  const available = databaseAvailable(kind);
  let identity: ServiceHarness;
  const login = (username: string, password: string) => identity.json('/admin/login', { method: 'POST', body: { username, password } });

  beforeAll(async () => {
    if (available) {
      identity = await startIdentity(kind, {
        ADMIN_USERNAME: 'operator',
        ADMIN_PASSWORD: 'correct horse battery staple',
        LOGIN_FAILURES_BEFORE_LOCKOUT: '3',
      });
      const { upsertAdmin } = await import('../src/commands/admins.js');
      await upsertAdmin(identity.db, 'second', 'another long passphrase');
    }
  });
  afterAll(async () => identity?.close());

  it.runIf(available)('signs in the first admin from settings and returns a token', async () => {
    const { status, body, headers } = await login('Operator', 'correct horse battery staple');
    expect(status).toBe(200);
    expect(body).toMatchObject({ is_success: true, message: 'Login successful', data: { username: 'operator' } });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(headers.get('set-cookie')).toMatch(/^elts_admin=/);
    expect((await identity.json('/admin/invitations', { method: 'POST', token: body.token, body: { count: 1 } })).status).toBe(201);
  });

  it.runIf(available)('needs both fields', async () => {
    const { status, body } = await identity.json('/admin/login', { method: 'POST', body: { username: 'operator' } });
    expect(status).toBe(400);
    expect(body.message).toContain('Password is required');
  });

  it.runIf(available)('gives the same answer for an unknown user and a wrong password', async () => {
    const unknown = await login('nobody', 'whatever-password');
    const wrong = await login('operator', 'wrong password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid username or password');
    expect(wrong.body.message).toBe(unknown.body.message);
    expect((await login('operator', 'correct horse battery staple')).status).toBe(200);
  });

  it.runIf(available)('locks the account after repeated failures, even against the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await login('operator', `guess ${i}`)).status).toBe(401);
    const locked = await identity.request('/admin/login', {
      method: 'POST',
      body: { username: 'operator', password: 'correct horse battery staple' },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(((await locked.json()) as { message: string }).message).toMatch(
      /^Too many failed attempts\. Please try again in \d+ minutes\.$/,
    );
  });

  it.runIf(available)('keeps realms apart: an admin session is not a member session', async () => {
    const admin = await identity.json('/admin/login', {
      method: 'POST',
      body: { username: 'second', password: 'another long passphrase' },
    });
    expect(admin.status).toBe(200);
    expect((await identity.json('/user/get-profile', { method: 'POST', token: admin.body.token })).status).toBe(401);
  });
});
