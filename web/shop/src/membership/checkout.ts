import type { DataOf, OperationTable } from '@elts/contracts';
import { paymentLinkOf } from './subscription-status.js';

const CASHFREE_SDK = 'https://sdk.cashfree.com/js/v3/cashfree.js';

interface CashfreeResult {
  error?: { message?: string };
}
interface CashfreeInstance {
  subscriptionsCheckout(options: { subsSessionId: string; redirectTarget: '_self' }): Promise<CashfreeResult>;
}
type CashfreeFactory = (options: { mode: 'sandbox' | 'production' }) => CashfreeInstance;

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

/**
 * Sends the member to pay for the mandate in this window: Cashfree's checkout when the payments service uses
 * Cashfree, falling back to the payment link if the checkout cannot open; the payment link otherwise (the
 * Cashfree emulator's or the simulator's hosted page: Cashfree's JS SDK knows only Cashfree's own sessions).
 * Resolves false when there is nowhere to go.
 */
export async function openCheckout(
  started: DataOf<OperationTable['createUpiMandate']>,
  go: (url: string) => void = (url) => window.location.assign(url),
) {
  const link = paymentLinkOf(started);
  if (started.gateway === 'cashfree' && started.payment_session_id) {
    try {
      const cashfree = (await loadCashfree())({ mode: started.cashfree_mode ?? 'sandbox' });
      const result = await cashfree.subscriptionsCheckout({ subsSessionId: started.payment_session_id, redirectTarget: '_self' });
      if (!result?.error) return true;
    } catch {
      // Falls through to the payment link, as the spec's checkout does.
    }
  }
  if (!link) return false;
  go(link);
  return true;
}
