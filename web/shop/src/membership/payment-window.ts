import { COPY } from '@elts/contracts';
import { formatDateTime } from '@elts/ui';

/** What the server says about a payment still open (the order and mandate status answers carry both). */
export interface PaymentWindow {
  payment_expires_at?: string | null;
  payment_timeout_seconds?: number | null;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A timeout as a person says it: '15 minutes', '1 hour', or seconds for a short one a test rig may set. */
export function durationText(seconds: number): string {
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds < 120 && seconds % 60 !== 0) return plural(Math.round(seconds), 'second');
  return plural(Math.round(seconds / 60), 'minute');
}

/**
 * The sentence for a payment not completed yet: how long it stays open and when it fails by itself, from the
 * server's answer; once that time has passed, that it is being closed; without an answer, only that it will fail.
 */
export function paymentWindowMessage(payment: PaymentWindow, now: number = Date.now()): string {
  const copy = COPY.orderPage;
  const expiresAt = payment.payment_expires_at ? Date.parse(payment.payment_expires_at) : Number.NaN;
  if (!Number.isFinite(expiresAt)) return copy.paymentOpenUnknown;
  const until = formatDateTime(expiresAt);
  if (expiresAt <= now) return copy.paymentTimeUp(until);
  const seconds = payment.payment_timeout_seconds;
  if (!seconds || seconds <= 0) return copy.paymentOpenUntil(until);
  return copy.paymentOpen(durationText(seconds), until);
}
