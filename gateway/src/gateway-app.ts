import { REMOTES_MANIFEST_PATH, type RemotesManifest, type ServiceName, WEB_ROUTES } from '@elts/contracts';
import {
  type AppEnv,
  createForwarder,
  createServiceApp,
  type Logger,
  remoteSessionResolver,
  type SessionResolver,
  type Upstream,
} from '@elts/platform';
import type { Hono } from 'hono';
import { apiReferenceRoutes } from './api-reference.js';
import { canonicalHost } from './canonical-host.js';
import { devMailboxGuard } from './dev-mailbox-guard.js';
import { privateAnswers } from './private-answers.js';
import { createRateLimiter } from './rate-limits/rate-limiter.js';
import { ownerOf } from './routes.js';
import { securityHeaders, type ThirdParties } from './security-headers.js';
import { WebAssets } from './web-assets.js';

export interface GatewayOptions {
  logger: Logger;
  upstreams: Record<ServiceName, Upstream>;
  /** Identity's session lookup when it runs in this process (decision 0052); otherwise asked over its internal API. */
  sessions?: SessionResolver;
  production: boolean;
  bodyLimitBytes?: number;
  /** The `web/` folder holding the three builds. */
  webDir: string;
  /** Where the shell loads its remotes from (the gateway's own copies unless deployed elsewhere). */
  remotes: RemotesManifest;
  /** Shared with the services: it vouches for the principal the gateway forwards. */
  serviceToken: string;
  /** Outside scripts the pages may load when configured (Google sign-in, Cashfree checkout). */
  thirdParties?: ThirdParties;
  /** Abuse limits on sign-in, contact, giveaway, orders, pincode checks (on unless a test rig turns them off). */
  rateLimits?: boolean;
  trustedProxyHops?: number;
  /** The product's public origin: page requests under any other host are redirected there (canonical-host.ts). */
  publicUrl?: string | undefined;
}

const webRoutes = new Set(WEB_ROUTES);
const BACK_OFFICE = '/admin';
/** Users is the back office's first page; it sends an operator who is not signed in to its login. */
const BACK_OFFICE_HOME = '/admin/users';

/** A browser navigating (rather than a script calling the API): same paths may be both, like /admin/users. */
function isNavigation(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const mode = request.headers.get('sec-fetch-mode');
  return mode === 'navigate' || (request.headers.get('accept') ?? '').startsWith('text/html');
}

/**
 * The one public origin: serves the web apps, and routes each spec API path to the service that owns it.
 * `/internal/*` is never exposed.
 */
export function createGatewayApp(options: GatewayOptions): Hono<AppEnv> {
  const readiness = Object.fromEntries(Object.entries(options.upstreams).map(([service, upstream]) => [service, () => upstream.ready()]));
  const app = createServiceApp({
    name: 'gateway',
    logger: options.logger,
    bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
    readiness,
    middleware: [securityHeaders(options.production, options.thirdParties), privateAnswers()],
  });

  const web = new WebAssets(options.webDir, options.remotes);
  const trustedProxyHops = options.trustedProxyHops ?? 0;
  const guardMailbox = devMailboxGuard(trustedProxyHops);
  const limitRate = options.rateLimits === false ? undefined : createRateLimiter();
  const forward = createForwarder({
    sessions: options.sessions ?? remoteSessionResolver(options.upstreams.identity, options.serviceToken),
    serviceToken: options.serviceToken,
    logger: options.logger,
    trustedProxyHops,
    admit: (c, caller) => guardMailbox(c, caller) ?? limitRate?.(c, caller),
  });
  if (options.publicUrl) app.use('*', canonicalHost(options.publicUrl, trustedProxyHops, isNavigation));
  app.get(REMOTES_MANIFEST_PATH, (c) => {
    c.header('cache-control', 'no-cache');
    return c.json(options.remotes);
  });

  apiReferenceRoutes(app, options.production);

  app.all('*', async (c, next) => {
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/$/, '') : c.req.path;
    const navigation = isNavigation(c.req.raw);
    const service = ownerOf(c.req.path);
    // A page no API shares its path with (/, /about, /profile) is the page whatever the client accepts (curl too).
    const page = navigation || (!service && (c.req.method === 'GET' || c.req.method === 'HEAD'));
    if (page && webRoutes.has(path)) return web.page(c.req.raw, 200, path);
    // The back office's address as a person types it: no page of its own, and never the admin API's answer.
    if (navigation && path === BACK_OFFICE) return c.redirect(BACK_OFFICE_HOME, 302);
    if (!service) {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') {
        const asset = await web.asset(c.req.path, c.req.raw);
        if (asset) return asset;
      }
      return navigation ? web.page(c.req.raw, 404) : next();
    }
    return forward(c, options.upstreams[service]);
  });

  return app;
}
