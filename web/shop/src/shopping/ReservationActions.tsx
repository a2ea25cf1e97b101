import { COPY } from '@elts/contracts';
import { ApiError, Button } from '@elts/ui';
import { useEffect, useRef, useState } from 'react';
import { cancelProductOrder, openOrderCheckout } from '../api/orders.js';
import { openCheckout } from '../payment/cashfree-checkout.js';
import { rememberOrder } from './checkout.js';
import { useNow } from './use-now.js';

/** The time left to pay, as minutes and seconds (14:59), never below zero. */
export function timeLeftToPay(payUntil: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((new Date(payUntil).getTime() - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface ReservationActionsProps {
  orderId: string;
  /** Until when the reserved unit may be paid for (the order's `pay_until`). */
  payUntil: string;
  /** Opens checkout at once, as Confirm Order does right after the unit is reserved. */
  autoStart?: boolean;
  /** The reservation was cancelled, or its time ran out: the order's page or card reads it again. */
  onEnded: () => void;
}

/**
 * An unpaid reservation (issue 33): 'Reserved for you' with the time left to pay, Pay now (back to the same
 * checkout) and Cancel (the unit and the credit go back at once). On the order page, in the order history, and in
 * Confirm Order while its checkout opens.
 */
export function ReservationActions({ orderId, payUntil, autoStart = false, onEnded }: ReservationActionsProps) {
  const now = useNow();
  const [busy, setBusy] = useState<'pay' | 'cancel'>();
  const [alert, setAlert] = useState<string>();
  const started = useRef(false);
  const over = new Date(payUntil).getTime() <= now;

  async function payNow() {
    setBusy('pay');
    setAlert(undefined);
    try {
      const checkout = await openOrderCheckout(orderId);
      rememberOrder(orderId);
      if (await openCheckout('order', checkout)) return;
      setAlert('The payment could not be opened. Please press Pay now again.');
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : 'The payment could not be opened. Please press Pay now again.');
    }
    setBusy(undefined);
  }

  async function cancel() {
    setBusy('cancel');
    setAlert(undefined);
    try {
      await cancelProductOrder(orderId);
      onEnded();
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : 'The order could not be cancelled. Please try again.');
    }
    setBusy(undefined);
  }

  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    void payNow();
  });

  // Told once when the time runs out, so the page reads the order again (the server releases the unit then).
  const toldOver = useRef(false);
  useEffect(() => {
    if (!over || toldOver.current) return;
    toldOver.current = true;
    onEnded();
  }, [over, onEnded]);

  return (
    <section aria-label={COPY.orderPage.reservedFor} className="mt-4 rounded-2xl bg-amber-50 p-4 text-amber-950">
      <p className="font-bold">{COPY.orderPage.reservedFor}</p>
      <p className="text-sm" aria-live="off">
        {over ? COPY.orderPage.payTimeOver : COPY.orderPage.timeToPay(timeLeftToPay(payUntil, now))}
      </p>
      {!over && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" busy={busy === 'pay'} disabled={busy === 'cancel'} onClick={() => void payNow()}>
            {COPY.orderPage.payNow}
          </Button>
          <Button size="sm" variant="secondary" busy={busy === 'cancel'} disabled={busy === 'pay'} onClick={() => void cancel()}>
            {COPY.orderPage.cancel}
          </Button>
        </div>
      )}
      {alert && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {alert}
        </p>
      )}
    </section>
  );
}
