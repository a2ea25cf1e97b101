/** How the development provider's page hands over its token (services/identity/assets/dev-idp/idp.js). */
const TOKEN_MESSAGE = 'elts:id-token';
const POPUP_FEATURES = 'popup,width=480,height=640';
// The page posts its token and then closes itself; a close seen just before the message is still being delivered
// must not count as giving up.
const CLOSE_GRACE_MS = 1000;

export class SignInCancelled extends Error {
  constructor() {
    super('The sign-in window was closed');
    this.name = 'SignInCancelled';
  }
}

/** The development provider's page as a full-page visit that comes back to `returnTo` with the token in the fragment. */
export const devProviderPageUrl = (returnTo: string) => `/dev/idp?return_to=${encodeURIComponent(returnTo)}`;

/**
 * Signs in through the development identity provider in a popup, as Google's popup does in production: resolves with
 * the ID token it hands back. When the browser blocks the popup the whole tab goes to the provider's page instead
 * and resolves nothing (the token comes back in the fragment; see id-token-return.ts).
 */
export function signInWithDevProvider(returnTo: string): Promise<string | undefined> {
  const popup = window.open('/dev/idp', 'elts-sign-in', POPUP_FEATURES);
  if (!popup) {
    window.location.assign(devProviderPageUrl(returnTo));
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    let closedAt: number | undefined;
    const stop = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data as { type?: unknown; idToken?: unknown } | null;
      if (data?.type !== TOKEN_MESSAGE || typeof data.idToken !== 'string') return;
      stop();
      resolve(data.idToken);
    };
    const watch = setInterval(() => {
      if (!popup.closed) return;
      closedAt ??= Date.now();
      if (Date.now() - closedAt < CLOSE_GRACE_MS) return;
      stop();
      reject(new SignInCancelled());
    }, 250);
    window.addEventListener('message', onMessage);
  });
}
