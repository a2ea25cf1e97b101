import { type AppEnv, failureBody, isLoopbackClient, type Principal } from '@elts/platform';
import type { Context } from 'hono';

/** What the product would have sent members: the mail, and the text messages to their mobiles (shipping updates). */
const OUTBOXES = ['/dev/mailbox', '/dev/sms'];

const isOutbox = (path: string) => OUTBOXES.some((outbox) => path === outbox || path.startsWith(`${outbox}/`));

/**
 * The development mailbox and text-message outbox show what the product sent members (names, addresses, phones);
 * identity serves them only to this machine or a signed-in admin, but only the gateway sees its own socket. Behind a
 * proxy on this machine every client arrives from loopback, and a client that reaches the gateway past its proxies
 * can write a loopback address into X-Forwarded-For: so here the socket's peer and the client address must both be
 * loopback. Anyone else is answered as if there were no outbox, as in production.
 */
export function devMailboxGuard(trustedProxyHops: number) {
  return (c: Context<AppEnv>, caller: { principal: Principal }): Response | undefined => {
    if (!isOutbox(c.req.path)) return undefined;
    if (caller.principal.admin || isLoopbackClient(c, trustedProxyHops)) return undefined;
    return c.json(failureBody('not_found', 'Not found', c.get('requestId')), 404);
  };
}
