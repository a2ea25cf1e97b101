import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
}

/**
 * Carries the request id through every await of a request, so that any log line written while serving it (deep in
 * a store, a consumer or an outgoing call) names the request without passing a logger around.
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
