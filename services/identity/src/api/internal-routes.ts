import { type AppEnv, jsonBody, type Principal } from '@elts/platform';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Sessions } from '../auth/sessions.js';
import type { IdentityDb } from '../store/tables.js';

// No length limit of its own (the body limit bounds it): a token too long to be a session is unknown like any other,
// not a bad request, which the gateway could only pass on as a failure of its own.
const tokens = z.strictObject({
  bearer: z.string().optional(),
  memberCookie: z.string().optional(),
  adminCookie: z.string().optional(),
});

/**
 * The gateway asks here who holds a request's tokens. A bearer token may be of either realm; a cookie only of its
 * own. Unknown, expired, revoked or over-long tokens simply add nothing.
 */
export function internalRoutes(sessions: Sessions, db: Kysely<IdentityDb>) {
  return new Hono<AppEnv>().post('/internal/sessions/resolve', jsonBody(tokens), async (c) => {
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
        const admin = await db.selectFrom('admins').select('username').where('id', '=', session.subjectId).executeTakeFirst();
        if (admin) principal.admin = { id: session.subjectId, username: admin.username, sessionId: session.id };
      }
    }
    return c.json({ is_success: true, data: { principal } });
  });
}
