import type { Principal, SessionTokens } from '@elts/platform';
import type { Kysely } from 'kysely';
import { findAdminUsername } from '../store/admins.js';
import type { IdentityDb } from '../store/tables.js';
import type { Sessions } from './sessions.js';

/**
 * Who holds a request's tokens. A bearer token may be of either realm; a cookie only of its own. Unknown, expired,
 * revoked or over-long tokens simply add nothing. Read from the database every time: a revoked session is refused
 * on its next request, on every instance (decision 0013).
 */
export async function resolveSessions(
  { sessions, db }: { sessions: Sessions; db: Kysely<IdentityDb> },
  { bearer, memberCookie, adminCookie }: SessionTokens,
): Promise<Principal> {
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
  return principal;
}
