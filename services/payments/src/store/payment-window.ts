import type { PaymentTimeouts } from '@elts/contracts';
import type { PaymentsTable } from './tables.js';

/**
 * How long a checkout payment stays open before it fails by itself, and when this one closes (null once it has
 * settled, or for a payment without a timeout such as a renewal charge). The order page tells the member this
 * rather than guessing, since the length is a setting (PAYMENT_TIMEOUT_SECONDS).
 */
export function paymentWindow(row: Pick<PaymentsTable, 'status' | 'timeout_at'> | undefined, plan: PaymentTimeouts) {
  const open = row?.timeout_at && (row.status === 'pending' || row.status === 'processing') ? row.timeout_at : null;
  return { expiresAt: open?.toISOString() ?? null, timeoutSeconds: plan.timeoutAfterSeconds };
}
