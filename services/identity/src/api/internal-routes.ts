import { identityOperations } from '@elts/contracts';
import { type AppEnv, mount } from '@elts/platform';
import { Hono } from 'hono';
import { resolveSessions } from '../auth/resolve-sessions.js';
import type { IdentityContext } from '../commands/context.js';
import { listAdminNames } from '../store/admins.js';

/**
 * The gateway asks here who holds the tokens of the requests it received together, when identity runs in another
 * process. Their session reads are gathered into one (decision 0074). admin-bff asks the operators' usernames, which
 * its audit trail shows instead of their ids.
 */
export function internalRoutes(context: IdentityContext) {
  const app = new Hono<AppEnv>();
  mount(app, identityOperations.resolveSessions, async (c) =>
    c.json({
      is_success: true,
      data: { principals: await Promise.all(c.req.valid('json').requests.map((tokens) => resolveSessions(context, tokens))) },
    }),
  );
  mount(app, identityOperations.adminAccounts, async (c) =>
    c.json({ is_success: true, data: { admins: await listAdminNames(context.db) } }),
  );
  return app;
}
