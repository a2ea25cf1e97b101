import { apiRequest, readMemberSession } from '@elts/ui';
import { type ProfileSummary, routeAfterLogin } from './route-after-login.js';

/**
 * The one entry point of every login and join button (spec section 4, "Login"): a visitor whose browser session
 * still holds a token and an email is asked whether to reuse that email; anyone else goes to the identity provider.
 */
export function startSignIn(askToReuseEmail: (email: string) => void, storage: Pick<Storage, 'getItem'> = sessionStorage): void {
  const session = readMemberSession(storage);
  if (session.token && session.email) askToReuseEmail(session.email);
  else startProviderSignIn();
}

/**
 * Hands the visitor to the identity provider, to come back to the page they were on.
 * For now this is the development provider's page; the members issue replaces this body (and only this body) with
 * the provider's popup sign-in (Google Identity Services in production, /dev/idp in development).
 */
export function startProviderSignIn(returnTo: string = window.location.pathname + window.location.search): void {
  window.location.assign(`/dev/idp?return_to=${encodeURIComponent(returnTo)}`);
}

/**
 * 'Use Same Email': fetch the profile with the stored token and say where to go; a failed fetch means the stored
 * session is no good, so sign-in starts afresh (spec section 4).
 */
export async function continueWithStoredSession(
  navigate: (path: string) => void,
  storage: Pick<Storage, 'getItem'> = sessionStorage,
): Promise<void> {
  const { token } = readMemberSession(storage);
  if (!token) return startProviderSignIn();
  try {
    const envelope = await apiRequest<ProfileSummary[]>('/user/get-profile', { method: 'POST', token });
    navigate(routeAfterLogin(envelope.data?.[0]));
  } catch {
    startProviderSignIn();
  }
}
