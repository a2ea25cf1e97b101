import { addressOf, type OperationRoute, type OperationSpec, type RequestOf, type ResponseOf } from '@elts/contracts';
import { ApiError, type ApiRequestOptions, apiRequest, type Envelope, readAdminToken } from '@elts/ui';
import { clearAdminToken } from '../session/admin-token.js';

export const AUTH_REQUIRED = 'Authentication required';

/**
 * An admin call with the admin token as the raw Authorization value. Without a token nothing is sent and the call
 * fails with 'Authentication required' (spec section 5). A 401 means the session ended (or was never an admin's):
 * the token is dropped and the tab goes to the login page, which the spec does for the users list and we do for
 * every page (docs/decisions/0140).
 */
export async function adminRequest<Body = Envelope<unknown>>(path: string, options: Omit<ApiRequestOptions, 'token'> = {}): Promise<Body> {
  const token = readAdminToken();
  if (!token) throw new ApiError(AUTH_REQUIRED, 401);
  try {
    return (await apiRequest(path, { ...options, token })) as Body;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signOutToLogin();
    throw error;
  }
}

/** One operation of the contract table, called as `adminRequest` calls: its address, method and answer from the table. */
export function adminOperation<O extends OperationSpec>(
  op: OperationRoute<O>,
  request: RequestOf<O>,
  options: Omit<ApiRequestOptions, 'token' | 'method' | 'body'> = {},
): Promise<ResponseOf<O>> {
  const { body } = request as { body?: unknown };
  return adminRequest<ResponseOf<O>>(addressOf(op, request), { ...options, method: op.method, ...(body === undefined ? {} : { body }) });
}

export function signOutToLogin(): void {
  clearAdminToken();
  // A full navigation: every cached admin answer goes with the page.
  if (location.pathname !== '/admin/login') location.assign('/admin/login');
}

/** What the screen says when a call fails: the server's words, else the spec's fallback for that call. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return /^Request failed \(\d+\)$/.test(error.message) ? fallback : error.message;
  return fallback;
}
