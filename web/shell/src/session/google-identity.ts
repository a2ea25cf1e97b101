/** Google Identity Services' client library; the gateway's Content-Security-Policy allows it when Google is set up. */
const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';

interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let loading: Promise<GoogleAccountsId> | undefined;

function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const ready = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not load'));
    };
    if (window.google?.accounts?.id) return ready();
    const script = document.createElement('script');
    script.src = GIS_SCRIPT;
    script.async = true;
    script.onload = ready;
    script.onerror = () => reject(new Error('Google Identity Services did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Puts Google's own sign-in button into `parent`. Google opens its popup only from its own button (a page's button
 * may not start it), so the shell shows this button in a small dialog (docs/decisions/0110). `onCredential` gets the
 * ID token, or undefined when Google answered without one.
 */
export async function renderGoogleButton(
  parent: HTMLElement,
  clientId: string,
  onCredential: (credential: string | undefined) => void,
): Promise<void> {
  const id = await loadGoogleIdentity();
  id.initialize({ client_id: clientId, ux_mode: 'popup', callback: (response) => onCredential(response.credential) });
  id.renderButton(parent, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', shape: 'pill', width: 280 });
}
