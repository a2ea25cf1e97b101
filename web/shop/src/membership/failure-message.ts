import { ApiError } from '@elts/ui';

/**
 * The spec's two kinds of failure message: the server answered no (its own words when it gave some, else the
 * screen's default), or the call never got an answer (the "check your connection" wording).
 */
export function failureMessage(error: unknown, whenRefused: string, whenUnreachable: string, serverWords = true): string {
  if (error instanceof ApiError) return !serverWords || /^Request failed \(\d+\)$/.test(error.message) ? whenRefused : error.message;
  if (error instanceof DOMException && error.name === 'AbortError') return whenUnreachable;
  return error instanceof TypeError ? whenUnreachable : whenRefused;
}
