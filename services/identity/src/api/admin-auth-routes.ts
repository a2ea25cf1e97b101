import { type AppEnv, jsonBody, requireAdmin, tooManyRequests, unauthorized } from '@elts/platform';
import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { DECOY_HASH, passwordMatches } from '../auth/passwords.js';
import type { Sessions } from '../auth/sessions.js';
import type { IdentityDb } from '../store/tables.js';
import { clearSessionCookie, setSessionCookie } from './session-cookies.js';

const adminLoginSchema = z.strictObject({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(64),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});

export interface AdminAuthDeps {
  db: Kysely<IdentityDb>;
  sessions: Sessions;
  sessionLifetimeMs: number;
  secureCookies: boolean;
  failuresBeforeLockout: number;
  lockoutMinutes: number;
}

const INVALID = 'Invalid username or password';

/** Admin sign-in: argon2id passwords, a lockout after repeated failures, sessions of their own realm. */
export function adminAuthRoutes(deps: AdminAuthDeps) {
  return new Hono<AppEnv>()
    .post('/admin/login', jsonBody(adminLoginSchema), async (c) => {
      const { username, password } = c.req.valid('json');
      const admin = await deps.db
        .selectFrom('admins')
        .selectAll()
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      if (admin?.locked_until && admin.locked_until > new Date()) {
        const seconds = (admin.locked_until.getTime() - Date.now()) / 1000;
        throw tooManyRequests(seconds, `Too many failed attempts. Please try again in ${Math.ceil(seconds / 60)} minutes.`);
      }
      const matches = await passwordMatches(admin?.password_hash ?? DECOY_HASH, password);
      if (!admin || !matches) {
        if (admin) {
          await deps.db
            .updateTable('admins')
            .set({
              failed_attempts: sql<number>`failed_attempts + 1`,
              locked_until: sql<Date>`case when failed_attempts + 1 >= ${deps.failuresBeforeLockout}
                then now() + make_interval(mins => ${deps.lockoutMinutes}) else null end`,
            })
            .where('id', '=', admin.id)
            .execute();
        }
        throw unauthorized(INVALID);
      }
      await deps.db.updateTable('admins').set({ failed_attempts: 0, locked_until: null }).where('id', '=', admin.id).execute();
      const session = await deps.sessions.start('admin', admin.id, deps.sessionLifetimeMs);
      setSessionCookie(c, 'admin', session.token, session.expiresAt, deps.secureCookies);
      return c.json({ is_success: true, token: session.token, message: 'Login successful', data: { username: admin.username } });
    })
    .post('/admin/logout', async (c) => {
      const admin = requireAdmin(c);
      await deps.sessions.revoke(admin.sessionId);
      clearSessionCookie(c, 'admin', deps.secureCookies);
      return c.json({ is_success: true, message: 'Logged out' });
    });
}
