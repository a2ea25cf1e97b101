import { refundLineChange } from '@elts/contracts';
import { applyRefundLine, kindOfRetried, type StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import type { OrdersDb } from './tables.js';

/**
 * Every refund of an order as one line (`order_refund_lines`, decision 0075), from the order's own events in the
 * transaction that appended them (platform's `applyRefundLine`). A refund made good stands for the order's
 * out-of-stock refund and exchange from then on.
 */
export async function projectRefundLineEvent(trx: Transaction<OrdersDb>, event: StoredEvent): Promise<void> {
  const change = refundLineChange(event.type, event.data);
  if (!change) return;
  await applyRefundLine(trx, 'order_refund_lines', change, event.recordedAt, async (orderId, retryOf) => {
    if (retryOf) return kindOfRetried(trx, 'order_refund_lines', retryOf);
    // An OrderRefunded from before `kind`: an out-of-stock cancellation's refund was the only one with a refund row.
    const cancelled = await trx.selectFrom('order_refunds').select('order_id').where('order_id', '=', orderId).executeTakeFirst();
    return cancelled ? 'out_of_stock' : 'late_payment';
  });
  if (change.change !== 'asked' || !change.retryOf) return;
  const outcome = change.state === 'refunding' ? null : change.state === 'refunded' ? 'success' : 'failed';
  await trx
    .updateTable('order_refunds')
    .set({ refund_id: change.refundId, refund_outcome: outcome })
    .where('refund_id', '=', change.retryOf)
    .execute();
  await trx
    .updateTable('order_exchanges')
    .set({ refund_id: change.refundId, state: change.state, updated_at: event.recordedAt })
    .where('refund_id', '=', change.retryOf)
    .execute();
}
