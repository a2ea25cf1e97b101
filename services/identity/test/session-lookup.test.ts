import { SESSION_LOOKUPS_PER_CALL } from '@elts/contracts';
import { SESSION_EXPIRED } from '@elts/platform';
import { databaseAvailable, type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startIdentity } from './helpers.js';

/**
 * Credentials no session can have (far too long, a NUL in a cookie) are simply not a session: the caller is not
 * signed in, and a member route answers 401. They once answered 500: the lookup refused them as a bad request, which
 * the front could only pass on as a failure of its own.
 */
describe('looking up a session from credentials that cannot be one', () => {
  const available = databaseAvailable('pglite');
  let identity: ServiceHarness;

  beforeAll(async () => {
    if (available) identity = await startIdentity('pglite');
  });
  afterAll(async () => identity?.close());

  const profile = (headers: Record<string, string>) =>
    identity.json<{ message: string }>('/user/get-profile', { method: 'POST', headers: { origin: 'http://localhost', ...headers } });

  it.runIf(available)('answers 401 to an Authorization header or a session cookie longer than any session token', async () => {
    for (const length of [201, 5000]) {
      const long = 'x'.repeat(length);
      const variants: Record<string, string>[] = [
        { authorization: long },
        { authorization: `Bearer ${long}` },
        { cookie: `elts_session=${long}` },
      ];
      for (const headers of variants) {
        const { status, body } = await profile(headers);
        expect([status, body.message], JSON.stringify(headers).slice(0, 60)).toEqual([401, SESSION_EXPIRED]);
      }
    }
  });

  it.runIf(available)('answers 401 to a session cookie holding a NUL', async () => {
    const { status, body } = await profile({ cookie: 'elts_session=%00abcdefghijklmnopqrstuvwxyz' });
    expect([status, body.message]).toEqual([401, 'Authentication required']);
  });

  it.runIf(available)('tells the gateway such tokens belong to no one, and still finds a real one beside them', async () => {
    const member = await signUp(identity);
    const { status, body } = await identity.json<{ data: { principals: unknown[] } }>('/internal/sessions/resolve', {
      method: 'POST',
      headers: { 'x-service-token': TEST_SERVICE_TOKEN },
      body: {
        requests: [
          { bearer: 'y'.repeat(300), memberCookie: member.token, adminCookie: 'z'.repeat(300) },
          { bearer: 'y'.repeat(300) },
          { adminCookie: member.token },
        ],
      },
    });
    expect(status).toBe(200);
    // One answer per request, in order; a member's token is not an admin's cookie.
    expect(body.data.principals).toEqual([{ member: { id: member.memberId, sessionId: expect.any(String) } }, {}, {}]);
  });

  it.runIf(available)('refuses a call with no requests, or more than one call may carry', async () => {
    for (const requests of [[], Array.from({ length: SESSION_LOOKUPS_PER_CALL + 1 }, () => ({ bearer: 'x' }))]) {
      const { status } = await identity.json('/internal/sessions/resolve', {
        method: 'POST',
        headers: { 'x-service-token': TEST_SERVICE_TOKEN },
        body: { requests },
      });
      expect(status, `${requests.length} requests`).toBe(400);
    }
  });
});
