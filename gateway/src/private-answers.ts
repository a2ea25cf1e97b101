import { SESSION_COOKIES } from '@elts/contracts';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { ownerOf } from './routes.js';

const SESSION_COOKIE_NAMES: readonly string[] = Object.values(SESSION_COOKIES);

/**
 * `Cache-Control: no-store` on every answer that may hold a person's own data or a session: any answer from a
 * service's path to a request carrying a session (an Authorization header or a session cookie, valid or not), and
 * any answer that sets or clears a session cookie. A shared cache or the browser's disk must keep neither.
 *
 * Left alone: the web builds' files and pages (the same for everyone; member data reaches them only through the API),
 * and a service answer that declares itself `public` (the catalogue's product images), which the browser sends
 * cookies with but which are the same bytes for anyone.
 */
export function privateAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const setsSession = c.res.headers.getSetCookie().some((cookie) => SESSION_COOKIE_NAMES.some((name) => cookie.startsWith(`${name}=`)));
    const carriesSession = Boolean(c.req.header('authorization')) || SESSION_COOKIE_NAMES.some((name) => getCookie(c, name) !== undefined);
    const declaredPublic = /\bpublic\b/i.test(c.res.headers.get('cache-control') ?? '');
    if (setsSession || (carriesSession && ownerOf(c.req.path) && !declaredPublic)) c.res.headers.set('cache-control', 'no-store');
  };
}
