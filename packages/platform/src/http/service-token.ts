import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { unauthorized } from './errors.js';

export const SERVICE_TOKEN_HEADER = 'x-service-token';

/** Constant-time comparison of two secrets of any length (hashing first makes the lengths equal). */
export function secretsEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/** Guards `/internal/*`: only other services holding the shared token may call. The gateway never forwards these. */
export function requireServiceToken(token: string): MiddlewareHandler {
  return async (c, next) => {
    const presented = c.req.header(SERVICE_TOKEN_HEADER);
    if (!presented || !secretsEqual(presented, token)) throw unauthorized('Service token required');
    await next();
  };
}
