const CASHFREE_SDK = 'https://sdk.cashfree.com/js/v3/cashfree.js';

/** Cashfree's two environments; its JS SDK must be told the one that issued the session. */
export type CashfreeMode = 'sandbox' | 'production';

interface CashfreeResult {
  error?: { message?: string };
}
interface CashfreeInstance {
  /** A product order's payment session. */
  checkout(options: { paymentSessionId: string; redirectTarget: '_self' }): Promise<CashfreeResult | undefined>;
  /** A membership mandate's subscription session. */
  subscriptionsCheckout(options: { subsSessionId: string; redirectTarget: '_self' }): Promise<CashfreeResult | undefined>;
}
type CashfreeFactory = (options: { mode: CashfreeMode }) => CashfreeInstance;

declare global {
  interface Window {
    Cashfree?: CashfreeFactory;
  }
}

let sdk: Promise<CashfreeFactory> | undefined;

/**
 * Cashfree's script is loaded only when a member actually pays through Cashfree, never with the page, so members
 * who only browse do not load a third party's code. A failed load is forgotten so the next attempt tries again.
 */
function loadCashfree(): Promise<CashfreeFactory> {
  if (window.Cashfree) return Promise.resolve(window.Cashfree);
  sdk ??= new Promise<CashfreeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CASHFREE_SDK;
    script.async = true;
    script.onload = () => (window.Cashfree ? resolve(window.Cashfree) : reject(new Error('Cashfree did not load')));
    script.onerror = () => reject(new Error('Cashfree did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    sdk = undefined;
    throw error;
  });
  return sdk;
}

/** What a started payment answers, as both the membership mandate and the product order checkout do. */
export interface StartedPayment {
  gateway: string;
  payment_session_id?: string | null;
  payment_link?: string | null;
  /** Cashfree's environment, named by payments beside every `cashfree` payment (its own setting is the truth). */
  cashfree_mode?: CashfreeMode;
}

/**
 * Sends the member to pay in this window: Cashfree's checkout (the subscription checkout for a `mandate`, the order
 * checkout for an `order`) when the payments service uses Cashfree, falling back to the payment link if the
 * checkout cannot open; the payment link otherwise (the Cashfree emulator's hosted page:
 * Cashfree's JS SDK knows only Cashfree's own sessions). Resolves false when there is nowhere to go.
 */
export async function openCheckout(
  kind: 'mandate' | 'order',
  started: StartedPayment,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<boolean> {
  // An empty link is no link: there is nowhere to send the member.
  const link = started.payment_link || undefined;
  const sessionId = started.payment_session_id;
  const mode = started.cashfree_mode;
  if (started.gateway === 'cashfree' && sessionId && mode) {
    try {
      const cashfree = (await loadCashfree())({ mode });
      const result =
        kind === 'mandate'
          ? await cashfree.subscriptionsCheckout({ subsSessionId: sessionId, redirectTarget: '_self' })
          : await cashfree.checkout({ paymentSessionId: sessionId, redirectTarget: '_self' });
      if (!result?.error) return true;
    } catch {
      // Falls through to the payment link, as the spec's checkout does.
    }
  }
  if (!link) return false;
  go(link);
  return true;
}
