import { SESSION_TOKEN_MAX_LENGTH } from '@elts/contracts';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { remoteSessionResolver, type SessionTokens } from '../src/front/sessions.js';
import { inProcessUpstream } from '../src/front/upstreams.js';

const SERVICE_TOKEN = 's'.repeat(40);

/** A stand-in identity: a bearer 'member-N' is member N; it records each call's requests. */
function identity(options: { failing?: boolean } = {}) {
  const calls: SessionTokens[][] = [];
  const app = new Hono();
  app.post('/internal/sessions/resolve', async (c) => {
    const { requests } = (await c.req.json()) as { requests: SessionTokens[] };
    calls.push(requests);
    if (options.failing) return c.json({ is_success: false, message: 'down' }, 503);
    const principals = requests.map(({ bearer }) =>
      bearer?.startsWith('member-') ? { member: { id: bearer.slice(7), sessionId: `session-${bearer.slice(7)}` } } : {},
    );
    return c.json({ is_success: true, data: { principals } });
  });
  return { upstream: inProcessUpstream('identity', app), calls };
}

describe("the gateway's session lookups in another process (0074)", () => {
  it('asks identity once for the requests that arrive together, and gives each its own principal', async () => {
    const { upstream, calls } = identity();
    const resolve = remoteSessionResolver(upstream, SERVICE_TOKEN);
    const principals = await Promise.all(['member-1', 'member-2', 'stranger', 'member-1'].map((bearer) => resolve({ bearer })));
    expect(calls).toEqual([[{ bearer: 'member-1' }, { bearer: 'member-2' }, { bearer: 'stranger' }]]);
    expect(principals).toEqual([
      { member: { id: '1', sessionId: 'session-1' } },
      { member: { id: '2', sessionId: 'session-2' } },
      {},
      { member: { id: '1', sessionId: 'session-1' } },
    ]);
  });

  it('asks afresh for a request that arrives after a call began', async () => {
    const { upstream, calls } = identity();
    const resolve = remoteSessionResolver(upstream, SERVICE_TOKEN);
    await resolve({ bearer: 'member-1' });
    await resolve({ bearer: 'member-1' });
    expect(calls).toEqual([[{ bearer: 'member-1' }], [{ bearer: 'member-1' }]]);
  });

  it('leaves out what cannot be a session token, and does not ask when nothing is left', async () => {
    const { upstream, calls } = identity();
    const resolve = remoteSessionResolver(upstream, SERVICE_TOKEN);
    const long = 'm'.repeat(SESSION_TOKEN_MAX_LENGTH + 1);
    // A cookie decoded to characters JSON escapes (six bytes each): 200 such requests in one call would pass the
    // body limit and fail the other requests it carried.
    const escaped = '\u0000"'.repeat(50);
    expect(await resolve({ bearer: long })).toEqual({});
    expect(await resolve({ memberCookie: escaped })).toEqual({});
    expect(calls).toEqual([]);
    expect(await resolve({ bearer: 'member-3', adminCookie: long, memberCookie: escaped })).toEqual({
      member: { id: '3', sessionId: 'session-3' },
    });
    expect(calls).toEqual([[{ bearer: 'member-3' }]]);
  });

  it('fails every request of a call identity could not answer', async () => {
    const down = identity({ failing: true });
    const resolve = remoteSessionResolver(down.upstream, SERVICE_TOKEN);
    const answers = await Promise.allSettled([resolve({ bearer: 'member-1' }), resolve({ bearer: 'member-2' })]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    // Asked once and retried once (the call is a read), both times for the two together.
    expect(down.calls).toEqual([
      [{ bearer: 'member-1' }, { bearer: 'member-2' }],
      [{ bearer: 'member-1' }, { bearer: 'member-2' }],
    ]);
  });
});
