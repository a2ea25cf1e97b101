import { catalogOperations, type EarlyAccessRequest } from '@elts/contracts';
import { type AppEnv, badRequest, mount, ok } from '@elts/platform';
import { Hono } from 'hono';
import type { CatalogContext } from '../commands/context.js';
import { changeEarlyAccess, earlyAccessList } from '../commands/early-access.js';
import { actorOf, adminOnly } from './access.js';

function emailsOf(body: EarlyAccessRequest): string[] {
  const emails = [...(body.email ? [body.email] : []), ...(body.emails ?? [])];
  if (emails.length === 0) throw badRequest('Give an email or a list of emails');
  return emails;
}

/** The deals board's early-access list (only these members get the board while EARLY_ACCESS_ONLY is on). */
export function earlyAccessRoutes(context: CatalogContext) {
  const current = async () => ({ enabled: context.settings.EARLY_ACCESS_ONLY, emails: await earlyAccessList(context) });
  const app = new Hono<AppEnv>();
  mount(app, catalogOperations.earlyAccessList, async (c) => ok(c, await current()));
  mount(app, catalogOperations.grantEarlyAccess, async (c) => {
    await changeEarlyAccess(context, emailsOf(c.req.valid('json')), true, actorOf(adminOnly(c)));
    return ok(c, await current(), { message: 'Early access granted' });
  });
  mount(app, catalogOperations.removeEarlyAccess, async (c) => {
    await changeEarlyAccess(context, emailsOf(c.req.valid('json')), false, actorOf(adminOnly(c)));
    return ok(c, await current(), { message: 'Early access removed' });
  });
  mount(app, catalogOperations.removeEarlyAccessEmail, async (c) => {
    await changeEarlyAccess(context, [c.req.valid('param').email], false, actorOf(adminOnly(c)));
    return ok(c, await current(), { message: 'Early access removed' });
  });
  return app;
}
