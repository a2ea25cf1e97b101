import { type AdminPrincipal, requireAdmin } from '@elts/platform';
import type { Context } from 'hono';

/**
 * The calling admin. No session and a member's session both answer 401 'Authentication required', as every other
 * admin call does (issue 7): the admin screens react to it by asking for the admin sign-in.
 */
export const adminOnly = (c: Context): AdminPrincipal => requireAdmin(c);

export const actorOf = (admin: AdminPrincipal) => `admin:${admin.id}`;
