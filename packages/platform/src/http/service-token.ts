import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { unauthorized } from './errors.js';

export const SERVICE_TOKEN_HEADER = 'x-service-token';

/**
 * A constant-time check of presented secrets against one known secret. Only a different length is refused sooner,
 * and the service token's length is no secret (settings require at least 32 characters); its bytes are compared in
 * constant time. It runs on every request a service receives, so it compares the bytes themselves: hashing both
 * sides first, to make the lengths equal, cost a few per cent of a cheap request (issue 8).
 */
export function secretMatcher(known: string): (presented: string) => boolean {
  const expected = Buffer.from(known);
  return (presented) => {
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/** Guards `/internal/*`: only other services holding the shared token may call. The gateway never forwards these. */
export function requireServiceToken(token: string): MiddlewareHandler {
  const matches = secretMatcher(token);
  return async (c, next) => {
    const presented = c.req.header(SERVICE_TOKEN_HEADER);
    if (!presented || !matches(presented)) throw unauthorized('Service token required');
    await next();
  };
}
