import { httpCall } from '../http/http-call.js';
import type { FetchApp } from '../service/lifecycle.js';

/** How the gateway reaches a service: in the same process, or over HTTP to one or more instances. */
export interface Upstream {
  forward(request: Request): Promise<Response>;
  ready(): Promise<void>;
}

export class UpstreamUnavailableError extends Error {
  constructor(
    readonly service: string,
    cause: unknown,
  ) {
    super(`${service} is unavailable`, { cause });
    this.name = 'UpstreamUnavailableError';
  }
}

async function expectReady(response: Response): Promise<void> {
  await response.body?.cancel();
  if (response.status !== 200) throw new Error(`not ready (${response.status})`);
}

export function inProcessUpstream(service: string, app: FetchApp): Upstream {
  return {
    forward: async (request) => app.fetch(request),
    ready: async () => expectReady(await app.fetch(new Request(`http://${service}/ready`))),
  };
}

/**
 * Instances are tried in turn. A connection that was refused never reached the service, so trying the next
 * instance is safe for any method; a request that reached a service is never sent twice.
 */
export function httpUpstream(service: string, baseUrls: string[], timeoutMs = 30_000): Upstream {
  let next = 0;
  const pick = () => baseUrls[next++ % baseUrls.length] as string;
  return {
    async forward(request) {
      const url = new URL(request.url);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(await request.arrayBuffer());
      let lastError: unknown;
      for (let attempt = 0; attempt < baseUrls.length; attempt++) {
        const target = new URL(url.pathname + url.search, pick());
        try {
          return await httpCall({ method: request.method, url: target, headers: request.headers, body, timeoutMs });
        } catch (error) {
          lastError = error;
          if (!neverReachedService(error)) break;
        }
      }
      throw new UpstreamUnavailableError(service, lastError);
    },
    async ready() {
      const results = await Promise.allSettled(
        baseUrls.map(async (base) =>
          expectReady(await httpCall({ method: 'GET', url: new URL('/ready', base), headers: {}, timeoutMs: 2000 })),
        ),
      );
      if (!results.some((result) => result.status === 'fulfilled')) throw new Error(`${service}: no instance is ready`);
    },
  };
}

function neverReachedService(error: unknown): boolean {
  const { code } = error as { code?: string };
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}
