import type { Context } from 'hono';

/**
 * The address of the client behind a request. With no trusted proxy in front, it is the socket's peer and any
 * X-Forwarded-For a client sends is ignored (it could claim anything). Behind `trustedProxyHops` proxies that each
 * append the address they saw, the client is that many entries from the right of X-Forwarded-For.
 * In-process calls (tests, the all-in-one's own fetches) have no socket: they count as one client, 'local'.
 */
export function clientAddress(c: Context, trustedProxyHops = 0): string {
  const peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  if (trustedProxyHops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const claimed = chain[chain.length - trustedProxyHops];
    if (claimed) return claimed;
  }
  return peer ?? 'local';
}
