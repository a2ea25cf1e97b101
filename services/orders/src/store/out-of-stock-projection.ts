import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import type { OrdersDb } from './tables.js';

/** The out-of-stock cancellation's events on the orders and order_refunds tables, in the appending transaction. */
export async function projectOutOfStockEvent(trx: Transaction<OrdersDb>, event: StoredEvent): Promise<void> {
  const data = event.data as Record<string, any>;
  const at = event.recordedAt;
  switch (event.type) {
    case 'OrderCancelledOutOfStock':
      await trx
        .updateTable('orders')
        .set({ status: 'cancelled', failure_reason: data.reason, updated_at: at })
        .where('order_id', '=', data.orderId)
        .execute();
      await trx
        .insertInto('order_refunds')
        .values({
          order_id: data.orderId,
          member_id: data.memberId,
          amount_paise: data.amountPaise,
          credit_paise: data.creditPaise,
          reason: data.reason,
          cancelled_at: at,
          cancelled_by: (event.metadata as { actor?: string } | undefined)?.actor ?? null,
          choice_by: new Date(data.choiceBy),
          choice: null,
          chosen_by: null,
          refund_id: null,
          refunded_at: null,
          refund_outcome: null,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
      return;
    case 'OrderRefundChosen':
      await trx
        .updateTable('order_refunds')
        .set({ choice: data.choice, chosen_by: data.by })
        .where('order_id', '=', data.orderId)
        .execute();
      await trx.updateTable('orders').set({ updated_at: at }).where('order_id', '=', data.orderId).execute();
      return;
    case 'OrderRefunded':
      // Only an out-of-stock order has a row here; a late payment's refund updates nothing. Payments' answer is its
      // outcome unless one was heard before (a settlement may be recorded first) or the gateway has not settled yet.
      await trx
        .updateTable('order_refunds')
        .set((eb) => ({
          refund_id: data.refundId,
          refunded_at: at,
          refund_outcome: eb.fn.coalesce(
            'refund_outcome',
            eb.val(data.refundStatus === 'pending' ? null : (data.refundStatus ?? 'success')),
          ),
        }))
        .where('order_id', '=', data.orderId)
        .execute();
      return;
    case 'OrderRefundSettled':
      // A cancelled order's only refund at the gateway is its out-of-stock one (it can be neither exchanged nor paid
      // late), so the outcome is its own, even when heard before OrderRefunded named the refund.
      await trx
        .updateTable('order_refunds')
        .set({ refund_outcome: data.outcome })
        .where('order_id', '=', data.orderId)
        .where((eb) => eb.or([eb('refund_id', 'is', null), eb('refund_id', '=', data.refundId)]))
        .execute();
      return;
  }
}
