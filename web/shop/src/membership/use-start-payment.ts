import type { OperationTable, Profile, RequestOf } from '@elts/contracts';
import { indianMobileDigits, useToast } from '@elts/ui';
import { useEffect, useRef, useState } from 'react';
import { useRefreshProfile } from '../api/profile.js';
import { createUpiMandate, useReloadSubscription } from '../api/subscription.js';
import { openCheckout } from '../payment/cashfree-checkout.js';
import { MEMBERSHIP_COPY } from './copy.js';
import { failureMessage } from './failure-message.js';
import { rememberOrder } from './order-status.js';

/** The subscription is loaded again this long after a payment starts (spec section 9). */
export const RELOAD_AFTER_PAYMENT_START_MS = 2000;
/** How long 'Redirecting to payment...' shows before the checkout replaces the page. */
const REDIRECT_AFTER_MS = 1000;

/** The spec's mandate body from the profile; subscribing needs a first and a last name (spec section 5). */
export function mandateCustomerFrom(profile: Profile | undefined): RequestOf<OperationTable['createUpiMandate']>['body'] | undefined {
  const first = profile?.firstname?.trim();
  const last = profile?.lastname?.trim();
  if (!profile || !first || !last) return undefined;
  const phone = profile.mobile ? indianMobileDigits(profile.mobile) : undefined;
  return {
    first_name: first,
    last_name: last,
    customer_name: `${first} ${last}`,
    ...(profile.email ? { customer_email: profile.email } : {}),
    ...(phone ? { customer_phone: phone } : {}),
  };
}

/**
 * Starts paying for the membership: checks the profile, creates the mandate, remembers the order for `/order`, says
 * 'Redirecting to payment...' and opens the checkout. Every failure is a toast in the spec's words.
 */
export function useStartPayment(profile: Profile | undefined) {
  const toast = useToast();
  const reloadSubscription = useReloadSubscription();
  const refreshProfile = useRefreshProfile();
  const [starting, setStarting] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (ms: number, action: () => void) => timers.current.push(setTimeout(action, ms));

  const start = async () => {
    const customer = mandateCustomerFrom(profile);
    if (!customer) {
      toast({ message: MEMBERSHIP_COPY.toasts.profileIncomplete, tone: 'error' });
      return;
    }
    setStarting(true);
    try {
      const started = await createUpiMandate(customer);
      rememberOrder(started.order_id, 'subscription');
      toast({ message: MEMBERSHIP_COPY.toasts.redirecting, tone: 'info' });
      later(RELOAD_AFTER_PAYMENT_START_MS, () => {
        void reloadSubscription();
        void refreshProfile();
      });
      later(REDIRECT_AFTER_MS, () => {
        void openCheckout('mandate', started).then((opened) => {
          if (opened) return;
          setStarting(false);
          toast({ message: MEMBERSHIP_COPY.toasts.initiateFailed, tone: 'error' });
        });
      });
    } catch (error) {
      setStarting(false);
      toast({
        message: failureMessage(error, MEMBERSHIP_COPY.toasts.initiateFailed, MEMBERSHIP_COPY.toasts.initiateOffline),
        tone: 'error',
      });
    }
  };
  return { start, starting };
}
