import { type BodyOf, identityOperations, mayBeSessionToken, SESSION_COOKIES, SESSION_LOOKUPS_PER_CALL } from '@elts/contracts';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { ReadBatcher } from '../db/read-batcher.js';
import { forbidden } from '../http/errors.js';
import { InternalClient } from '../http/internal-client.js';
import type { Principal } from '../http/principal.js';
import type { Upstream } from './upstreams.js';

/** The tokens a request carries, as identity resolves them (one of `POST /internal/sessions/resolve`'s requests). */
export type SessionTokens = BodyOf<typeof identityOperations.resolveSessions>['requests'][number];

/**
 * The spec's screens send the token as the raw Authorization header; `Bearer` is accepted too. Cookies are used
 * only when there is no header, so a request carrying a header is never cookie-authenticated.
 */
export function sessionTokens(c: Context): { tokens: SessionTokens; fromCookie: boolean } {
  const header = c.req.header('authorization')?.trim();
  if (header) return { tokens: { bearer: header.replace(/^Bearer\s+/i, '') }, fromCookie: false };
  const memberCookie = getCookie(c, SESSION_COOKIES.member);
  const adminCookie = getCookie(c, SESSION_COOKIES.admin);
  const tokens: SessionTokens = {
    ...(memberCookie ? { memberCookie } : {}),
    ...(adminCookie ? { adminCookie } : {}),
  };
  return { tokens, fromCookie: Boolean(memberCookie || adminCookie) };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookies go along with cross-site requests; a state-changing request authenticated by cookie must therefore come
 * from a page of our own origin (Origin, or failing that Referer, naming this host).
 */
export function assertSameOrigin(c: Context): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  const source = c.req.header('origin') ?? c.req.header('referer');
  let sourceHost: string | undefined;
  try {
    sourceHost = source && source !== 'null' ? new URL(source).host : undefined;
  } catch {
    sourceHost = undefined;
  }
  if (sourceHost !== host) throw forbidden('Cross-site request refused');
}

/**
 * Who holds a request's session tokens, read afresh on every request (decision 0013: no instance remembers a
 * session, so a revoked one is refused on its next request everywhere). Identity's own function when it runs in the
 * same process (decision 0052), its internal endpoint otherwise.
 */
export type SessionResolver = (tokens: SessionTokens) => Promise<Principal>;

/**
 * Asks identity's `POST /internal/sessions/resolve` (another process, or an app standing in for identity). The
 * requests that arrive in one turn of the event loop ask in one call (decision 0074): at a drop, one call answers
 * dozens of buyers instead of each waiting for a call of its own. Each request is still asked about afresh, after
 * it arrived. What cannot be a session token is left out: it is no one's, and a full call stays small (a request
 * with a long cookie of escaped characters must not make the call too large for the others it carries).
 */
export function remoteSessionResolver(identity: Upstream, serviceToken: string): SessionResolver {
  const client = new InternalClient({ target: 'identity', fetch: (request) => identity.forward(request), token: serviceToken, retries: 1 });
  const lookups = new ReadBatcher<Principal>(async (keys) => {
    const requests = keys.map((key) => JSON.parse(key) as SessionTokens);
    const { principals } = await client.operation(identityOperations.resolveSessions, { body: { requests } }, { idempotent: true });
    if (principals.length !== keys.length) throw new Error(`identity answered ${principals.length} of ${keys.length} session lookups`);
    return new Map(keys.map((key, at) => [key, principals[at] as Principal]));
  }, SESSION_LOOKUPS_PER_CALL);
  return async (tokens) => {
    const asked = Object.entries(tokens).filter(([, token]) => typeof token === 'string' && mayBeSessionToken(token));
    if (asked.length === 0) return {};
    return (await lookups.get(JSON.stringify(Object.fromEntries(asked)))) ?? {};
  };
}

/** The principal behind a request's tokens: no one, without asking, when it carries none. */
export async function resolvePrincipal(sessions: SessionResolver, tokens: SessionTokens): Promise<Principal> {
  if (!tokens.bearer && !tokens.memberCookie && !tokens.adminCookie) return {};
  return sessions(tokens);
}
