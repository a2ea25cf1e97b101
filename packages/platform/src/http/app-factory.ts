import { randomUUID } from 'node:crypto';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Refused } from '../domain/refusal.js';
import type { Logger } from '../logging/logger.js';
import { requestContext } from '../logging/request-context.js';
import { failureBody } from './envelope.js';
import { AppError, badRequest, refusalError, UNAVAILABLE_MESSAGE } from './errors.js';
import { isDependencyUnavailable } from './internal-client.js';
import { allowedMethodsFinder } from './method-not-allowed.js';
import { type Principal, principalFromGateway } from './principal.js';
import { requireServiceToken } from './service-token.js';

export type AppEnv = { Variables: { requestId: string; principal?: Principal } };
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Largest accepted request body; defaults to 100 KiB, plenty for every JSON call of the spec. */
  bodyLimitBytes?: number;
  /** Named checks behind `/ready`; each throws (or rejects) when its dependency is unreachable. */
  readiness?: ReadinessChecks;
  /** Middleware that must run for every answer, health checks and errors included (the gateway's headers). */
  middleware?: MiddlewareHandler[];
  /** When set, every `/internal/*` route answers only callers presenting this token. */
  serviceToken?: string;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const UNSERVED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);
const READINESS_TIMEOUT_MS = 2000;

export function createServiceApp(options: ServiceAppOptions): Hono<AppEnv> {
  const { logger } = options;
  const app = new Hono<AppEnv>();
  const allowedMethods = allowedMethodsFinder(app as unknown as Hono<never>);

  app.use(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.header('x-request-id', requestId);
    const started = performance.now();
    await requestContext.run({ requestId }, async () => {
      await next();
      if (c.res.status === 413) closeAfterAnswer(c);
      const quiet = c.req.path === '/health' || c.req.path === '/ready';
      logger[quiet ? 'debug' : 'info'](
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    });
  });

  for (const handler of options.middleware ?? []) app.use(handler);

  const methodNotAllowed = (c: Context<AppEnv>) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0) c.header('Allow', allowed.join(', '));
    return c.json(failureBody('method_not_allowed', `Method ${c.req.method} is not allowed here`, c.get('requestId')), 405);
  };
  // No route serves these, and a catch-all (the gateway's) must not be handed them either: the fetch Request a
  // forwarder builds to pass a request on refuses all three, which answered TRACE with a 500.
  app.use((c, next) => (UNSERVED_METHODS.has(c.req.method) ? Promise.resolve(methodNotAllowed(c)) : next()));
  if (options.serviceToken) {
    app.use('/internal/*', requireServiceToken(options.serviceToken));
    app.use(principalFromGateway(options.serviceToken));
  }

  // A NUL anywhere in the address (a path parameter, the query) would reach PostgreSQL, which refuses it in text.
  app.use(async (c, next) => {
    if (/%00/i.test(c.req.url) || c.req.url.includes('\u0000')) throw badRequest('Invalid address: text may not contain a NUL character');
    await next();
  });

  const limitBody = bodyLimit({
    maxSize: options.bodyLimitBytes ?? 100 * 1024,
    onError: (c) => c.json(failureBody('payload_too_large', 'Request body is too large', c.get('requestId')), 413),
  });
  // Asking a request from the Node server for its body builds the full fetch Request behind it (headers, an abort
  // signal): a fifth of the gateway's time on a GET, whose body nothing reads or forwards (issue 8).
  app.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));

  app.get('/health', (c) => c.json({ is_success: true, data: { status: 'ok', service: options.name } }));
  app.get('/ready', async (c) => {
    const checks = await runChecks(options.readiness ?? {});
    const ready = Object.values(checks).every((v) => v === 'ok');
    const data = { status: ready ? 'ready' : 'not_ready', service: options.name, checks };
    if (ready) return c.json({ is_success: true, data });
    // A failing answer is still the envelope: a load balancer reads the status, a person the message.
    return c.json({ ...failureBody('not_ready', UNAVAILABLE_MESSAGE, c.get('requestId')), data }, 503);
  });

  app.notFound((c) => {
    if (allowedMethods(c.req.path).length > 0) return methodNotAllowed(c);
    return c.json(failureBody('not_found', 'Not found', c.get('requestId')), 404);
  });

  app.onError((thrown, c) => {
    const requestId = c.get('requestId');
    const error = thrown instanceof Refused ? refusalError(thrown.refusal) : thrown;
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.details.headers ?? {})) c.header(name, value);
      if (error.status >= 500) logger.error({ err: error }, 'request failed');
      return c.json(failureBody(error.code, error.message, requestId, error.details.issues), error.status as ContentfulStatusCode);
    }
    if (error instanceof HTTPException) {
      return c.json(failureBody('bad_request', error.message || 'Bad request', requestId), error.status);
    }
    if (isDependencyUnavailable(error)) {
      logger.warn({ err: error }, 'dependency unavailable');
      return c.json(failureBody('unavailable', UNAVAILABLE_MESSAGE, requestId), 503);
    }
    logger.error({ err: error }, 'unhandled error');
    return c.json(failureBody('internal_error', 'Something went wrong. Please try again.', requestId), 500);
  });

  return app;
}

/**
 * A body refused for its size is not read to its end (reading a client's hundred megabytes to throw them away is
 * what the limit prevents), so the connection cannot carry another request: the server closes it after the answer.
 * `Connection: close` says so, rather than a keep-alive promise broken a moment later under the client's next
 * request. Node closes the connection after an answer that carries it. A 413 forwarded from a service (the gateway)
 * is closed the same way: its body was not read to the end either.
 */
function closeAfterAnswer(c: Context<AppEnv>): void {
  const headers = new Headers(c.res.headers);
  headers.set('connection', 'close');
  c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
}

async function runChecks(checks: ReadinessChecks): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), READINESS_TIMEOUT_MS);
          }),
        ]);
        return [name, 'ok'] as const;
      } catch {
        return [name, 'unavailable'] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(entries);
}
