import { readMemberSession } from '@elts/ui';

/**
 * The one entry point of every login and join button (spec section 4, "Login"): a visitor whose browser session
 * still holds a token and an email is asked whether to reuse that email; anyone else goes to the identity provider.
 */
export function startSignIn(
  ways: { askToReuseEmail: (email: string) => void; signInWithProvider: () => void },
  storage: Pick<Storage, 'getItem'> = sessionStorage,
): void {
  const session = readMemberSession(storage);
  if (session.token && session.email) ways.askToReuseEmail(session.email);
  else ways.signInWithProvider();
}

/**
 * 'Use Same Email': check the stored token by fetching the profile, and go where it says; a failed fetch means the
 * stored session is no good, so sign-in starts afresh with the provider (spec sections 4 and 8).
 */
export async function continueWithStoredSession(
  navigate: (path: string) => void,
  signInWithProvider: () => void,
  storage: Pick<Storage, 'getItem'> = sessionStorage,
): Promise<void> {
  const { token } = readMemberSession(storage);
  if (!token) return signInWithProvider();
  const { landingFor } = await import('./complete-sign-in.js');
  const path = await landingFor(token).catch(() => undefined);
  if (path) navigate(path);
  else signInWithProvider();
}
