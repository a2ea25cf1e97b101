import { databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity } from './helpers.js';

describe('the admin lockout message', () => {
  const available = databaseAvailable('pglite');
  let identity: ServiceHarness;

  beforeAll(async () => {
    if (available)
      identity = await startIdentity('pglite', {
        ADMIN_USERNAME: 'operator',
        ADMIN_PASSWORD: 'correct horse battery staple',
        LOGIN_FAILURES_BEFORE_LOCKOUT: '1',
        LOCKOUT_MINUTES: '1',
      });
  });
  afterAll(async () => identity?.close());

  it.runIf(available)('says "1 minute", not "1 minutes", when a minute is left', async () => {
    const login = (password: string) =>
      identity.json<{ message: string }>('/admin/login', { method: 'POST', body: { username: 'operator', password } });
    expect((await login('a wrong guess')).status).toBe(401);
    const locked = await login('correct horse battery staple');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed attempts. Please try again in 1 minute.');
  });
});
