import { SESSION_COOKIES } from '@elts/contracts';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Realm } from '../auth/sessions.js';

/** HttpOnly, SameSite=Lax, Secure where the site is served over HTTPS. */
export function setSessionCookie(c: Context, realm: Realm, token: string, expiresAt: Date, secure: boolean): void {
  setCookie(c, SESSION_COOKIES[realm], token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context, realm: Realm, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIES[realm], { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
}
