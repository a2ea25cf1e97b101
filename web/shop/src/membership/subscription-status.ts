import { paiseOf } from '@elts/contracts';
import type { StatusTone } from '@elts/ui';
import type { MemberSubscription } from '../api/subscription.js';

/**
 * The subscription's own colours (spec section 4, "Subscription status values"). They differ from the shared badge
 * colours: a pending subscription is orange, an expired one red, a cancelled or revoked one grey.
 */
const SUBSCRIPTION_TONES: Record<string, StatusTone> = {
  active: 'green',
  pending: 'orange',
  expired: 'red',
  failed: 'red',
  cancelled: 'grey',
  revoked: 'grey',
};

export interface StatusLook {
  label: string;
  tone: StatusTone;
}

/** The badge of a subscription status; anything unknown or missing reads 'Unknown'. */
export function subscriptionStatusLook(status: string | null | undefined): StatusLook {
  const key = (status ?? '').trim().toLowerCase();
  const tone = SUBSCRIPTION_TONES[key];
  if (!tone) return { label: 'Unknown', tone: 'grey' };
  return { label: key.charAt(0).toUpperCase() + key.slice(1), tone };
}

/** The paying button the panel offers, if any (each opens the pricing modal). */
export type PayAction = 'SUBSCRIBE NOW' | 'RENEW SUBSCRIPTION' | 'RETRY PAYMENT';

/**
 * No subscription: SUBSCRIBE NOW; expired: RENEW SUBSCRIPTION; failed or cancelled: RETRY PAYMENT. Revoking the
 * mandate ended the membership for good (no payment of it is left to retry), so coming back is a new subscription:
 * SUBSCRIBE NOW (docs/decisions/0120). Active and pending subscriptions need no payment.
 */
export function payActionFor(subscription: MemberSubscription | null | undefined): PayAction | undefined {
  if (!subscription) return 'SUBSCRIBE NOW';
  const status = (subscription.status ?? '').toLowerCase();
  if (status === 'expired') return 'RENEW SUBSCRIPTION';
  if (status === 'revoked') return 'SUBSCRIBE NOW';
  if (status === 'failed' || status === 'cancelled') return 'RETRY PAYMENT';
  return undefined;
}

/**
 * A revoked membership ended when the mandate was revoked (services/payments endMembership), whatever end date its
 * year had: the panel says so instead of showing a Valid Until that no longer holds.
 */
export const endedByRevocation = (subscription: MemberSubscription): boolean => (subscription.status ?? '').toLowerCase() === 'revoked';

/** Only an active mandate can be revoked. */
export function revocableMandateId(subscription: MemberSubscription | null | undefined): string | undefined {
  const mandate = subscription?.mandate;
  return mandate?.mandate_id && (mandate.status ?? '').toLowerCase() === 'active' ? mandate.mandate_id : undefined;
}

/** While the subscription is pending and its payment has an order id, the mandate's status is polled. */
export function pollableOrderId(subscription: MemberSubscription | null | undefined): string | undefined {
  if ((subscription?.status ?? '').toLowerCase() !== 'pending') return undefined;
  return subscription?.latest_payment?.order_id || undefined;
}

/** Paise from an API amount (rupees with paise as a fraction), exact when the paise field is present. */
export function exactPaiseOf(amount: number | null | undefined, paise?: number | null): number | undefined {
  if (typeof paise === 'number' && Number.isInteger(paise)) return paise;
  return typeof amount === 'number' && Number.isFinite(amount) ? paiseOf(amount) : undefined;
}
