import type { MiddlewareHandler } from 'hono';

/**
 * One host for the product's pages (issue 34): sessions belong to the host a browser used, and payment returns,
 * confirmation links and mails all go to PUBLIC_URL. A member who browsed under another name for the same server
 * (www or not, an IP address, localhost for 127.0.0.1) came back from paying signed out. So a page request (a
 * browser's GET or HEAD navigation) that arrives under another host is sent, path and query kept, to PUBLIC_URL's
 * origin. API calls, webhooks and health checks are answered where they arrive: a redirect would break them.
 *
 * The host compared is the one the browser used: the Host header, or, behind proxies the gateway trusts
 * (TRUSTED_PROXY_HOPS), the first X-Forwarded-Host they pass on.
 */
export function canonicalHost(publicUrl: string, trustedProxyHops: number, isPage: (request: Request) => boolean): MiddlewareHandler {
  const canonical = new URL(publicUrl);
  return async (c, next) => {
    const forwarded = trustedProxyHops > 0 ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    const host = (forwarded || c.req.header('host') || '').toLowerCase();
    if (!host || host === canonical.host || !isPage(c.req.raw)) return next();
    const { pathname, search } = new URL(c.req.url);
    return c.redirect(`${canonical.origin}${pathname}${search}`, 308);
  };
}
