import { identityOperations } from '@elts/contracts';
import { type AppEnv, mount } from '@elts/platform';
import { Hono } from 'hono';
import { DropAlerts } from '../alerts/drop-alerts.js';
import { resolveSessions } from '../auth/resolve-sessions.js';
import type { IdentityContext } from '../commands/context.js';
import { listAdminNames } from '../store/admins.js';

/**
 * The gateway asks here who holds the tokens of the requests it received together, when identity runs in another
 * process. Their session reads are gathered into one (decision 0074). admin-bff asks the operators' usernames, which
 * its audit trail shows instead of their ids. The drop's messages are queued here (decisions 0088 and 0168), each member's
 * by their own choices, a batch of members at a time.
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
  const alerts = new DropAlerts(context.db, context.mail, context.publicUrl, context.clock, context.pushes, context.whatsapp);
  mount(app, identityOperations.queueDropAlerts, async (c) =>
    c.json({ is_success: true, data: { outcomes: await alerts.queue(c.req.valid('json')) } }),
  );
  return app;
}
