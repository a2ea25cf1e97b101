/** How the Payments and Timeouts pages word a payment (spec section 2). */
export interface AdminPayment {
  paymentId: string;
  orderId: string;
  userId: string | null;
  user: { firstname: string | null; lastname: string | null; email: string } | null;
  amount: number;
  paymentType: 'subscription' | 'product_order' | 'refund';
  /** 'refunded': a success whose money went back in full (a late payment after its timeout, for one). */
  status: 'success' | 'pending' | 'failed' | 'processing' | 'refunded';
  paymentMethod: string | null;
  metadata: { auto_failed?: boolean | null; timeout_minutes?: number | null } | null;
  failureReason: string | null;
  createdAt: string;
  processedAt: string | null;
  /** The server's at-risk rule, decided with the payments service's thresholds when it answered. */
  at_risk?: boolean;
  timeout_info?: { timeout_minutes: number | null; auto_failed: boolean };
}

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
 * it failed with a reason saying it timed out; for a pending payment its age, flagged AT RISK when the server says so
 * (its rule follows PAYMENT_AT_RISK_SECONDS, 12 minutes by default, and leaves renewal charges out); else a dash.
 */
export function timeoutInfo(
  payment: Pick<AdminPayment, 'status' | 'metadata' | 'failureReason' | 'createdAt' | 'at_risk'>,
  now = Date.now(),
): TimeoutInfo {
  if (payment.metadata?.auto_failed) {
    const minutes = payment.metadata.timeout_minutes;
    return { kind: 'auto', text: minutes === null || minutes === undefined ? 'AUTO TIMEOUT' : `AUTO TIMEOUT (${minutes} min)` };
  }
  if (payment.status === 'failed' && /timed out/i.test(payment.failureReason ?? '')) return { kind: 'timeout', text: 'TIMEOUT' };
  if (payment.status === 'pending') {
    const minutes = Math.max(0, Math.floor((now - Date.parse(payment.createdAt)) / 60_000));
    return { kind: 'pending', text: `${minutes} min`, atRisk: payment.at_risk === true };
  }
  return { kind: 'none', text: '-' };
}
