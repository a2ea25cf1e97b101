import { countOf, identityOperations as ops } from '@elts/contracts';
import { type AppEnv, mount, requireAdmin, tooManyRequests, unauthorized } from '@elts/platform';
import { Hono } from 'hono';
import { DECOY_HASH, passwordMatches } from '../auth/passwords.js';
import { attemptKeys, clearFailures, lockedUntil, recordFailure } from '../commands/admin-sign-in-failures.js';
import type { IdentityContext } from '../commands/context.js';
import { findAdminForSignIn } from '../store/admins.js';
import { clearSessionCookie, setSessionCookie } from './session-cookies.js';

const INVALID = 'Invalid username or password';

/**
 * Admin sign-in: argon2id passwords, sessions of their own realm, and a lockout after repeated failures counted per
 * username and per client (commands/admin-sign-in-failures.ts). A lock refuses new sign-ins only: sessions already
 * open carry on. An unknown username goes through the same steps as a wrong password, a decoy hash included, so
 * neither the answers nor their timing tell which usernames exist.
 */
export function adminAuthRoutes(context: IdentityContext) {
  const { settings } = context;
  const deps = {
    ...context,
    sessionLifetimeMs: settings.ADMIN_SESSION_HOURS * 60 * 60_000,
  };
  // Failed and locked-out sign-ins are logged for operators (a guessing run shows there); never the password.
  const rules = { failuresBeforeLockout: settings.LOGIN_FAILURES_BEFORE_LOCKOUT, lockoutMinutes: settings.LOCKOUT_MINUTES };
  const app = new Hono<AppEnv>();
  mount(app, ops.adminLogin, async (c) => {
    const { username, password } = c.req.valid('json');
    const client = deps.clientAddress(c);
    const keys = attemptKeys(username, client);
    const now = deps.clock.now();
    const until = await lockedUntil(deps.db, keys, now);
    if (until) {
      deps.logger.warn({ username, client, lockedUntil: until.toISOString() }, 'admin sign-in refused: locked out');
      const seconds = (until.getTime() - now.getTime()) / 1000;
      throw tooManyRequests(seconds, `Too many failed attempts. Please try again in ${countOf(Math.ceil(seconds / 60), 'minute')}.`);
    }
    const admin = await findAdminForSignIn(deps.db, username);
    const matches = await passwordMatches(admin?.password_hash ?? DECOY_HASH, password);
    if (!admin || !matches) {
      await recordFailure(deps.db, keys, rules, now);
      deps.logger.warn({ username, client }, 'admin sign-in failed');
      throw unauthorized(INVALID);
    }
    await clearFailures(deps.db, keys);
    deps.logger.info({ adminId: admin.id, client }, 'admin signed in');
    const session = await deps.sessions.start('admin', admin.id, deps.sessionLifetimeMs);
    setSessionCookie(c, 'admin', session.token, session.expiresAt, deps.secureCookies);
    return c.json({ is_success: true, token: session.token, message: 'Login successful', data: { username: admin.username } });
  });
  mount(app, ops.adminLogout, async (c) => {
    const admin = requireAdmin(c);
    await deps.sessions.revoke(admin.sessionId);
    clearSessionCookie(c, 'admin', deps.secureCookies);
    return c.json({ is_success: true, message: 'Logged out' });
  });
  return app;
}
