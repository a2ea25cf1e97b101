import { type DropAlertOutcome, identityOperations } from '@elts/contracts';
import { type AppEnv, mount } from '@elts/platform';
import { Hono } from 'hono';
import { DropAlerts } from '../alerts/drop-alerts.js';
import { resolveSessions } from '../auth/resolve-sessions.js';
import type { IdentityContext } from '../commands/context.js';
import { listAdminNames } from '../store/admins.js';

/** Members of one drop-alert call queued at once: within the database pool, leaving room for members' requests. */
const DROP_ALERTS_AT_ONCE = 4;

/**
 * The gateway asks here who holds the tokens of the requests it received together, when identity runs in another
 * process. Their session reads are gathered into one (decision 0074). admin-bff asks the operators' usernames, which
 * its audit trail shows instead of their ids. The drop's messages are queued here (decision 0088), each member's
 * by their own choices.
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
  mount(app, identityOperations.queueDropAlerts, async (c) => {
    const request = c.req.valid('json');
    const outcomes: Partial<Record<DropAlertOutcome, number>> = {};
    const queueOne = async (member: (typeof request.members)[number]): Promise<DropAlertOutcome> => {
      const row = await context.members.byId(member.memberId);
      if (!row) return 'no_channel';
      return alerts.queue({
        ...member,
        email: row.email || null,
        dropId: request.dropId,
        moment: request.moment,
        opensAt: request.opensAt,
      });
    };
    // A few members at a time: one by one, each waiting on its own round trips, took about 14 ms a member on
    // PostgreSQL (decision 0088). A member's own messages are still decided one at a time (its advisory lock).
    const waiting = [...request.members];
    const lane = async () => {
      for (let member = waiting.shift(); member; member = waiting.shift()) {
        const outcome = await queueOne(member);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: DROP_ALERTS_AT_ONCE }, lane));
    return c.json({ is_success: true, data: { outcomes } });
  });
  return app;
}
