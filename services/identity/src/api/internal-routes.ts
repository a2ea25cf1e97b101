import { identityOperations } from '@elts/contracts';
import { type AppEnv, mount, type Principal } from '@elts/platform';
import { Hono } from 'hono';
import type { IdentityContext } from '../commands/context.js';
import { findAdminUsername } from '../store/admins.js';

/**
 * The gateway asks here who holds a request's tokens. A bearer token may be of either realm; a cookie only of its
 * own. Unknown, expired, revoked or over-long tokens simply add nothing.
 */
export function internalRoutes({ sessions, db }: IdentityContext) {
  const app = new Hono<AppEnv>();
  mount(app, identityOperations.resolveSessions, async (c) => {
    const { bearer, memberCookie, adminCookie } = c.req.valid('json');
    const principal: Principal = {};
    const found = [
      bearer ? await sessions.resolve(bearer) : undefined,
      memberCookie ? await sessions.resolve(memberCookie, 'member') : undefined,
      adminCookie ? await sessions.resolve(adminCookie, 'admin') : undefined,
    ];
    for (const session of found) {
      if (!session) continue;
      if (session.realm === 'member' && !principal.member) principal.member = { id: session.subjectId, sessionId: session.id };
      if (session.realm === 'admin' && !principal.admin) {
        const admin = await findAdminUsername(db, session.subjectId);
        if (admin) principal.admin = { id: session.subjectId, username: admin.username, sessionId: session.id };
      }
    }
    return c.json({ is_success: true, data: { principal } });
  });
  return app;
}
