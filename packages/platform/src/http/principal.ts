import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { unauthorized } from './errors.js';
import { SERVICE_TOKEN_HEADER, secretMatcher } from './service-token.js';

/**
 * Who is calling, as the gateway established it from a session: a member, an admin, or both (one browser may hold
 * both sessions). Services never see session tokens; they see this.
 */
export const principalSchema = z.object({
  member: z.object({ id: z.uuid(), sessionId: z.uuid() }).optional(),
  admin: z.object({ id: z.uuid(), username: z.string(), sessionId: z.uuid() }).optional(),
});
export type Principal = z.output<typeof principalSchema>;
export type MemberPrincipal = NonNullable<Principal['member']>;
export type AdminPrincipal = NonNullable<Principal['admin']>;

export const PRINCIPAL_HEADER = 'x-principal';

/**
 * Reads the principal the gateway forwarded. It is believed only alongside the service token: a client talking to
 * a service port directly cannot claim to be anyone.
 */
export function principalFromGateway(serviceToken: string): MiddlewareHandler {
  const fromGateway = secretMatcher(serviceToken);
  return async (c, next) => {
    const header = c.req.header(PRINCIPAL_HEADER);
    const token = c.req.header(SERVICE_TOKEN_HEADER);
    if (header && token && fromGateway(token)) {
      try {
        const parsed = principalSchema.safeParse(JSON.parse(header));
        if (parsed.success) c.set('principal', parsed.data);
      } catch {
        // A malformed header is treated as no principal.
      }
    }
    await next();
  };
}

export function principalOf(c: Context): Principal {
  return (c.get('principal') as Principal | undefined) ?? {};
}

export const SESSION_EXPIRED = 'Session expired. Please login again.';

/** The calling member, or 401 with the spec's words. */
export function requireMember(c: Context, message = SESSION_EXPIRED): MemberPrincipal {
  const member = principalOf(c).member;
  if (!member) throw unauthorized(message);
  return member;
}

/** The calling admin, or 401 'Authentication required' (a member session is not enough). */
export function requireAdmin(c: Context): AdminPrincipal {
  const admin = principalOf(c).admin;
  if (!admin) throw unauthorized('Authentication required');
  return admin;
}

/** Refuses anyone but an admin before the body is even read, so a member never learns what a valid body looks like. */
export const adminsOnly: MiddlewareHandler = async (c, next) => {
  requireAdmin(c);
  await next();
};
