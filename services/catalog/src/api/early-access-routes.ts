import { type AppEnv, badRequest, jsonBody, ok, pathParams } from '@elts/platform';
import { Hono } from 'hono';
import { z } from 'zod';
import type { CatalogContext } from '../commands/context.js';
import { changeEarlyAccess, earlyAccessList } from '../commands/early-access.js';
import { actorOf, adminGuard, adminOnly } from './access.js';

const email = z.email('must be an email address').max(254);
const emailsBody = z.object({ email: email.optional(), emails: z.array(email).max(100).optional() });

function emailsOf(body: z.output<typeof emailsBody>): string[] {
  const emails = [...(body.email ? [body.email] : []), ...(body.emails ?? [])];
  if (emails.length === 0) throw badRequest('Give an email or a list of emails');
  return emails;
}

/** The deals board's early-access list (only these members get the board while EARLY_ACCESS_ONLY is on). */
export function earlyAccessRoutes(context: CatalogContext) {
  const current = async () => ({ enabled: context.settings.EARLY_ACCESS_ONLY, emails: await earlyAccessList(context) });
  return new Hono<AppEnv>()
    .use('/admin/early-access', adminGuard)
    .use('/admin/early-access/*', adminGuard)
    .get('/admin/early-access', async (c) => ok(c, await current()))
    .post('/admin/early-access', jsonBody(emailsBody), async (c) => {
      await changeEarlyAccess(context, emailsOf(c.req.valid('json')), true, actorOf(adminOnly(c)));
      return ok(c, await current(), { message: 'Early access granted' });
    })
    .delete('/admin/early-access', jsonBody(emailsBody), async (c) => {
      await changeEarlyAccess(context, emailsOf(c.req.valid('json')), false, actorOf(adminOnly(c)));
      return ok(c, await current(), { message: 'Early access removed' });
    })
    .delete('/admin/early-access/:email', pathParams(z.object({ email })), async (c) => {
      await changeEarlyAccess(context, [c.req.valid('param').email], false, actorOf(adminOnly(c)));
      return ok(c, await current(), { message: 'Early access removed' });
    });
}
