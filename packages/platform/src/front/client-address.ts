import type { Context } from 'hono';
import { SERVICE_TOKEN_HEADER, secretMatcher } from '../http/service-token.js';

/** The address at the other end of the request's socket; none for an in-process call. */
function socketPeer(c: Context): string | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

/**
 * The address of the client behind a request. With no trusted proxy in front, it is the socket's peer and any
 * X-Forwarded-For a client sends is ignored (it could claim anything). Behind `trustedProxyHops` proxies that each
 * append the address they saw, the client is that many entries from the right of X-Forwarded-For.
 * In-process calls (tests, the all-in-one's own fetches) have no socket: they count as one client, 'local'.
 */
export function clientAddress(c: Context, trustedProxyHops = 0): string {
  const peer = socketPeer(c);
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

const LOOPBACK_V4 = /^(::ffff:)?127(\.\d{1,3}){3}$/i;

/** This machine itself: 127.0.0.0/8, ::1, IPv4 loopback written as IPv6, or an in-process caller ('local'). */
export function isLoopbackAddress(address: string): boolean {
  return address === 'local' || address === '::1' || LOOPBACK_V4.test(address);
}

/**
 * Whether the client is on this very machine. Both the socket's peer and the client address must say so: behind a
 * proxy on this machine the peer is always loopback, and a loopback address a remote proxy reports (or a client
 * writes into X-Forwarded-For when it reaches the gateway past its proxies) is some other machine's.
 */
export function isLoopbackClient(c: Context, trustedProxyHops = 0): boolean {
  return isLoopbackAddress(socketPeer(c) ?? 'local') && isLoopbackAddress(clientAddress(c, trustedProxyHops));
}

/**
 * The client's address as a service behind the gateway sees it. The gateway replaces X-Forwarded-For with the one
 * address it established (and drops it for an in-process call, 'local'), so the header is believed only alongside
 * the service token; anyone else calling the service directly is its socket's peer, whatever they write.
 */
export function forwardedClientAddress(serviceToken: string): (c: Context) => string {
  const fromGateway = secretMatcher(serviceToken);
  return (c) => {
    const token = c.req.header(SERVICE_TOKEN_HEADER);
    if (token && fromGateway(token)) return c.req.header('x-forwarded-for')?.trim() || 'local';
    return clientAddress(c);
  };
}
