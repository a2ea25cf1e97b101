import { fileURLToPath } from 'node:url';
import { GATEWAY_PORT, type RemotesManifest } from '@elts/contracts';
import { withPort } from '@elts/platform';
import { z } from 'zod';

/** How the front door treats callers: abuse limits, and which proxies in front of it to believe. */
export const edgeSettings = z.object({
  /** 'off' only for test rigs that sign in hundreds of members from one address. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Proxies in front of the gateway that append the client's address to X-Forwarded-For (0: none, trust no header). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
});

export function edgeOptions(env: Record<string, string | undefined>) {
  const settings = edgeSettings.parse(env);
  return { rateLimits: settings.RATE_LIMITS === 'on', trustedProxyHops: settings.TRUSTED_PROXY_HOPS };
}

const remoteUrl = z.string().regex(/^(https?:\/\/|\/)\S+$/, 'must be an absolute URL or a path starting with /');

/** Settings of a gateway process (alone, or the all-in-one process it fronts). */
export const gatewaySettings = withPort(GATEWAY_PORT)
  .extend({
    /** The folder holding web/shell, web/shop and web/admin with their builds. */
    WEB_DIR: z
      .string()
      .min(1)
      .default(fileURLToPath(new URL('../../web', import.meta.url))),
    /** Where the shell loads each remote's entry from: the gateway's own copy unless a remote is deployed elsewhere. */
    /** The product's public origin; when set, page requests under any other host are redirected to it. */
    PUBLIC_URL: z.url().optional(),
    SHOP_REMOTE_URL: remoteUrl.default('/remotes/shop/remoteEntry.js'),
    ADMIN_REMOTE_URL: remoteUrl.default('/remotes/admin/remoteEntry.js'),
  })
  .extend(edgeSettings.shape);

export type GatewaySettings = z.output<typeof gatewaySettings>;

export function webOptions(settings: GatewaySettings, env: Record<string, string | undefined> = process.env) {
  return {
    webDir: settings.WEB_DIR,
    remotes: { shop: settings.SHOP_REMOTE_URL, admin: settings.ADMIN_REMOTE_URL } satisfies RemotesManifest,
    // The Content-Security-Policy opens to Google and Cashfree only when the product is set up to use them.
    thirdParties: { googleSignIn: Boolean(env.GOOGLE_CLIENT_ID), cashfreeCheckout: Boolean(env.CASHFREE_CLIENT_ID) },
  };
}
