import { type AdminPrincipal, forbidden, principalOf, unauthorized } from '@elts/platform';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * The calling admin. No session at all answers 401 'Authentication required' (the admin screens' words); a member's
 * session answers 403, since signing in again as that member would not help.
 */
export function adminOnly(c: Context): AdminPrincipal {
  const principal = principalOf(c);
  if (principal.admin) return principal.admin;
  if (principal.member) throw forbidden('Admins only');
  throw unauthorized('Authentication required');
}

export const actorOf = (admin: AdminPrincipal) => `admin:${admin.id}`;

/** Refuses non-admins before the body is even read, so a member never learns what a valid body looks like. */
export const adminGuard: MiddlewareHandler = async (c, next) => {
  adminOnly(c);
  await next();
};
