import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { unauthorized } from './errors.js';

export const SERVICE_TOKEN_HEADER = 'x-service-token';

const digest = (secret: string) => createHash('sha256').update(secret).digest();

/**
 * A constant-time check of presented secrets against one known secret, of any length (hashing first makes the
 * lengths equal). The known secret's digest is taken once: the service token is checked on every request.
 */
export function secretMatcher(known: string): (presented: string) => boolean {
  const expected = digest(known);
  return (presented) => timingSafeEqual(digest(presented), expected);
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
