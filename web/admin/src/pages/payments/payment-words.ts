import type { OperationTable, ResponseOf } from '@elts/contracts';

/** A payment as the Payments page lists it (spec section 3, "Payment"). */
export type AdminPayment = ResponseOf<OperationTable['adminPayments']>['payments'][number];
/** A payment of the Timed Out list, with how it timed out. */
export type TimedOutPayment = ResponseOf<OperationTable['adminTimedOutPayments']>['payments'][number];

export const PAYMENT_TYPE_LABELS: Record<string, string> = {
  subscription: 'Subscription',
  product_order: 'Product Order',
  refund: 'Refund',
};

export const typeLabel = (type: string) => PAYMENT_TYPE_LABELS[type] ?? type;

/** The Status filter's choices: the spec's, and Refunded (no longer counted among the successful payments). */
export const PAYMENT_STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'success', label: 'Success' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'processing', label: 'Processing' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'timeout', label: 'Timed Out' },
];

/** The Status column's word for a payment's status, as the filter names it. */
export const statusLabel = (status: string) =>
  PAYMENT_STATUS_OPTIONS.find((option) => option.value !== '' && option.value === status)?.label ?? status;

/** Full name, else email, else N/A. */
export function payerName(payment: Pick<AdminPayment, 'user'>): string {
  const name = [payment.user?.firstname, payment.user?.lastname].filter(Boolean).join(' ').trim();
  return name || payment.user?.email || 'N/A';
}

export type TimeoutInfo =
  | { kind: 'auto'; text: string }
  | { kind: 'timeout'; text: string }
  | { kind: 'pending'; text: string; atRisk: boolean }
  | { kind: 'none'; text: string };

/**
 * The Timeout Info column: 'AUTO TIMEOUT' with its minutes when the server failed it automatically; 'TIMEOUT' when
 * it failed with a reason saying it timed out; for a pending payment its age in minutes as the server counted it,
 * flagged AT RISK when the server says so (its rule follows PAYMENT_AT_RISK_SECONDS, 12 minutes by default, and leaves
 * renewal charges out); else a dash.
 */
export function timeoutInfo(
  payment: Pick<AdminPayment, 'status' | 'metadata' | 'failureReason' | 'minutes_pending' | 'at_risk'>,
): TimeoutInfo {
  if (payment.metadata.auto_failed) {
    const minutes = payment.metadata.timeout_minutes;
    return { kind: 'auto', text: minutes === null ? 'AUTO TIMEOUT' : `AUTO TIMEOUT (${minutes} min)` };
  }
  if (payment.status === 'failed' && /timed out/i.test(payment.failureReason ?? '')) return { kind: 'timeout', text: 'TIMEOUT' };
  if (payment.status === 'pending') return { kind: 'pending', text: `${payment.minutes_pending ?? 0} min`, atRisk: payment.at_risk };
  return { kind: 'none', text: '-' };
}
