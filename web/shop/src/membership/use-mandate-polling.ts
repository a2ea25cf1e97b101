import { useEffect, useRef } from 'react';
import { fetchMandateStatus } from '../api/subscription.js';
import { normaliseStatus } from './order-status.js';

/** Spec section 9: the mandate's status is asked every 10 seconds while the subscription is pending. */
export const MANDATE_POLL_MS = 10_000;

/**
 * Polls `GET /subscription/mandate-status/{orderId}` while `orderId` is set; once the status is no longer pending,
 * `onSettled` runs (the caller reloads the subscription, which clears `orderId` and so stops the polling). A failed
 * poll is simply tried again at the next tick.
 */
export function useMandatePolling(orderId: string | undefined, onSettled: () => void, everyMs = MANDATE_POLL_MS): void {
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      fetchMandateStatus(orderId, controller.signal).then(
        (data) => {
          if (normaliseStatus(data.status) !== 'pending') settled.current();
        },
        () => undefined,
      );
    }, everyMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [orderId, everyMs]);
}
