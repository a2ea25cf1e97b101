import { identityOperations } from '@elts/contracts';
import { type AppEnv, mount } from '@elts/platform';
import { Hono } from 'hono';
import { resolveSessions } from '../auth/resolve-sessions.js';
import type { IdentityContext } from '../commands/context.js';

/** The gateway asks here who holds a request's tokens, when identity runs in another process. */
export function internalRoutes(context: IdentityContext) {
  const app = new Hono<AppEnv>();
  mount(app, identityOperations.resolveSessions, async (c) =>
    c.json({ is_success: true, data: { principal: await resolveSessions(context, c.req.valid('json')) } }),
  );
  return app;
}
