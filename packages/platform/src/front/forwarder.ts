import type { Context } from 'hono';
import type { AppEnv } from '../http/app-factory.js';
import { failureBody } from '../http/envelope.js';
import { UNAVAILABLE_MESSAGE, unauthorized } from '../http/errors.js';
import { InternalCallError } from '../http/internal-client.js';
import { PRINCIPAL_HEADER, type Principal } from '../http/principal.js';
import { SERVICE_TOKEN_HEADER } from '../http/service-token.js';
import { unstorableText } from '../http/validation.js';
import type { Logger } from '../logging/logger.js';
import { clientAddress } from './client-address.js';
import { assertSameOrigin, resolvePrincipal, type SessionResolver, sessionTokens } from './sessions.js';
import { type Upstream, UpstreamUnavailableError } from './upstreams.js';

export interface ForwarderOptions {
  /** Where sessions are resolved (identity, in this process or over its internal API). */
  sessions: SessionResolver;
  serviceToken: string;
  logger: Logger;
  /** How many proxies in front of this one append to X-Forwarded-For (0: the socket's peer is the client). */
  trustedProxyHops?: number;
  /**
   * Asked once the caller is known, before anything is forwarded: an answer (a 429, say) is sent instead.
   * The gateway's rate limits live here.
   */
  admit?: (c: Context<AppEnv>, caller: { principal: Principal; client: string }) => Response | undefined;
}

// Headers a client must never be able to set on the way in: internal credentials, the client address the services
// count sign-in failures by (the forwarder sets its own), and hop-by-hop headers.
const STRIPPED_REQUEST_HEADERS = [
  SERVICE_TOKEN_HEADER,
  PRINCIPAL_HEADER,
  'x-forwarded-for',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'upgrade',
  'host',
];

const unavailable = (c: Context<AppEnv>) => c.json(failureBody('unavailable', UNAVAILABLE_MESSAGE, c.get('requestId')), 503);

/**
 * What the front door does with a request for a service: find the session behind its cookie or Authorization
 * header, refuse cross-site cookie writes, and pass the request on with the principal and the service token in
 * place of anything the client claimed. The gateway uses it for every service; service tests put it in front of one.
 */
export function createForwarder(options: ForwarderOptions) {
  return async function forward(c: Context<AppEnv>, upstream: Upstream): Promise<Response> {
    const incoming = c.req.raw;
    const { tokens, fromCookie } = sessionTokens(c);
    if (fromCookie) assertSameOrigin(c);
    // A token holding a NUL or half a surrogate pair cannot even be looked up (PostgreSQL text refuses both):
    // whoever sent it is not signed in.
    if (unstorableText(tokens)) throw unauthorized();
    let principal: Awaited<ReturnType<typeof resolvePrincipal>>;
    try {
      principal = await resolvePrincipal(options.sessions, tokens);
    } catch (error) {
      // Identity could not read the credentials presented: whoever sent them is not signed in (a 500 would blame us).
      if (error instanceof InternalCallError && error.status === 400) throw unauthorized();
      if (error instanceof InternalCallError && error.status < 500) throw error;
      options.logger.warn({ err: error }, 'could not resolve the session');
      return unavailable(c);
    }
    const client = clientAddress(c, options.trustedProxyHops);
    const refusal = options.admit?.(c, { principal, client });
    if (refusal) return refusal;
    const headers = new Headers(incoming.headers);
    for (const name of STRIPPED_REQUEST_HEADERS) headers.delete(name);
    headers.set(SERVICE_TOKEN_HEADER, options.serviceToken);
    headers.set(PRINCIPAL_HEADER, JSON.stringify(principal));
    headers.set('x-request-id', c.get('requestId'));
    headers.set('x-forwarded-proto', incoming.url.slice(0, incoming.url.indexOf(':')));
    if (client !== 'local') headers.set('x-forwarded-for', client);
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
    const forwarded = new Request(incoming.url, {
      method: incoming.method,
      headers,
      ...(hasBody ? { body: await incoming.arrayBuffer() } : {}),
    });
    try {
      return await upstream.forward(forwarded);
    } catch (error) {
      if (!(error instanceof UpstreamUnavailableError)) throw error;
      options.logger.warn({ err: error, service: error.service }, 'upstream unavailable');
      return unavailable(c);
    }
  };
}
