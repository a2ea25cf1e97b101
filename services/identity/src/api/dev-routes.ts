import { readFileSync } from 'node:fs';
import { type OperationSpec, identityOperations as ops } from '@elts/contracts';
import { type AppEnv, isLoopbackAddress, mount, notFound, principalOf } from '@elts/platform';
import { type Context, Hono } from 'hono';
import type { DevIdentityProvider } from '../auth/dev-idp.js';
import type { IdentityContext } from '../commands/context.js';

// assets/ sits two levels above both src/api and dist/api.
const page = (name: string) => readFileSync(new URL(`../../assets/dev-idp/${name}`, import.meta.url), 'utf8');
const ASSETS = {
  html: page('page.html'),
  js: page('idp.js'),
  css: page('idp.css'),
};

/**
 * The development sign-in provider: its page, keys and token minting. Mounted only when no real provider is
 * configured and never in production, since it signs anyone in as any email.
 */
export function devIdpRoutes(idp: DevIdentityProvider) {
  const app = new Hono<AppEnv>();
  mount(app, ops.devIdpPage, (c) => c.html(ASSETS.html));
  mount(app, ops.devIdpScript, (c) => c.body(ASSETS.js, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  mount(app, ops.devIdpStyles, (c) => c.body(ASSETS.css, 200, { 'content-type': 'text/css; charset=utf-8' }));
  mount(app, ops.devIdpKeys, (c) => c.json(idp.jwks));
  mount(app, ops.devIdpConfiguration, (c) =>
    c.json({ issuer: idp.issuer, jwks_uri: `${idp.issuer}/jwks.json`, id_token_signing_alg_values_supported: ['ES256'] }),
  );
  mount(app, ops.devIdToken, async (c) => c.json({ id_token: await idp.mint(c.req.valid('json')) }));
  return app;
}

/**
 * What the product would have sent members, for testers: the mail (mounted only when mail is not really sent, no
 * SMTP server) and the text messages to their mobiles (while no SMS provider is configured), never in production.
 * They hold members' names, addresses and phone numbers, so they answer only a client on this machine or a signed-in
 * admin; anyone else is told there is nothing here, as in production.
 */
function devOutboxRoute(op: OperationSpec, recent: () => Promise<unknown[]>, clientAddress: (c: Context) => string) {
  const app = new Hono<AppEnv>();
  mount(app, op, async (c) => {
    if (!principalOf(c).admin && !isLoopbackAddress(clientAddress(c))) throw notFound();
    return c.json({ is_success: true, data: await recent() });
  });
  return app;
}

export const devMailboxRoutes = ({ mail, clientAddress }: IdentityContext) =>
  devOutboxRoute(ops.devMailbox, () => mail.recent(), clientAddress);

export const devTextMessageRoutes = ({ texts, clientAddress }: IdentityContext) =>
  devOutboxRoute(ops.devTextMessages, () => texts.recent(), clientAddress);
