import { SESSION_KEYS } from '@elts/ui';
import type { OpenedCheckout } from '../api/orders.js';

const CASHFREE_SDK = 'https://sdk.cashfree.com/js/v3/cashfree.js';

interface ProductCheckout {
  checkout(options: { paymentSessionId: string; redirectTarget: '_self' }): Promise<{ error?: { message?: string } } | undefined>;
}
type CashfreeLoader = (options: { mode: 'sandbox' | 'production' }) => ProductCheckout;

let sdk: Promise<CashfreeLoader> | undefined;

/** Cashfree's script, loaded only when a member pays through Cashfree; a failed load is retried next time. */
function loadCashfree(): Promise<CashfreeLoader> {
  const loaded = (window as { Cashfree?: CashfreeLoader }).Cashfree;
  if (loaded) return Promise.resolve(loaded);
  sdk ??= new Promise<CashfreeLoader>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CASHFREE_SDK;
    script.async = true;
    script.onload = () => {
      const factory = (window as { Cashfree?: CashfreeLoader }).Cashfree;
      if (factory) resolve(factory);
      else reject(new Error('Cashfree did not load'));
    };
    script.onerror = () => reject(new Error('Cashfree did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    sdk = undefined;
    throw error;
  });
  return sdk;
}

/**
 * Cashfree's payment links say which environment issued them; the order answer does not (docs/decisions 0131).
 * Production is assumed unless the link is a sandbox one.
 */
export function cashfreeMode(link: string | null | undefined): 'sandbox' | 'production' {
  return link && /sandbox|payments-test|-test\./i.test(link) ? 'sandbox' : 'production';
}

/** The order the /order page should look up when the member comes back from paying. */
export function rememberOrder(orderId: string, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(SESSION_KEYS.currentOrderId, orderId);
  storage.setItem(SESSION_KEYS.orderType, 'product');
}

/**
 * Sends the member to pay in this window: Cashfree's checkout when the order went to Cashfree, falling back to the
 * payment link if it cannot open; the payment link otherwise (the Cashfree emulator's or the simulator's hosted page:
 * Cashfree's JS SDK knows only Cashfree's own sessions). Both return to /order.
 * Resolves false when there is nowhere to pay.
 */
export async function openProductCheckout(
  placed: Pick<OpenedCheckout, 'order_id' | 'gateway' | 'payment_link'> & Partial<Pick<OpenedCheckout, 'payment_session_id'>>,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<boolean> {
  const link = placed.payment_link ?? null;
  if (placed.gateway === 'cashfree' && placed.payment_session_id) {
    try {
      const cashfree = (await loadCashfree())({ mode: cashfreeMode(link) });
      const result = await cashfree.checkout({ paymentSessionId: placed.payment_session_id, redirectTarget: '_self' });
      if (!result?.error) return true;
    } catch {
      // The spec's fallback: the payment link.
    }
  }
  if (!link) return false;
  go(link);
  return true;
}
