import {
  type OrderCancelledOutOfStock,
  type OrderRefundChosen,
  type OrderRefunded,
  type OrderRefundSettled,
  type RefundRetried,
  refundStateOf,
} from '@elts/contracts';
import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { auditAdminEvent } from './audit-log.js';
import type { AdminDb } from './tables.js';

/**
 * The out-of-stock cancellation on the Orders page (docs/decisions/0024), applied by the orders projection in its
 * own order (an order's events in sequence): the cancelled order leaves the fulfilment queues and shows its refund;
 * the operator who cancelled it is in the audit log.
 */
export async function cancelledOutOfStock(
  trx: Transaction<AdminDb>,
  data: z.output<typeof OrderCancelledOutOfStock.schema>,
  event: StoredEvent,
) {
  const columns = ['status', 'fulfilment_step', 'refund_state'] as const;
  const before = await trx.selectFrom('product_orders').select(columns).where('order_id', '=', data.orderId).executeTakeFirst();
  const after = { status: 'cancelled', fulfilment_step: null, refund_state: 'awaiting_choice', refund_choice_by: new Date(data.choiceBy) };
  await trx.updateTable('product_orders').set(after).where('order_id', '=', data.orderId).execute();
  await auditAdminEvent(trx, event, {
    action: 'order.cancelled_out_of_stock',
    target: data.orderId,
    before: before ?? null,
    after: { ...after, reason: data.reason, amountPaise: data.amountPaise },
  });
}

export async function refundChosen(trx: Transaction<AdminDb>, data: z.output<typeof OrderRefundChosen.schema>) {
  await trx
    .updateTable('product_orders')
    .set({ refund_state: 'refunding', refund_choice: data.choice })
    .where('order_id', '=', data.orderId)
    .execute();
}

/**
 * An out-of-stock refund's state on its row, as payments answered or settled it (issue 32: refunded once the money
 * landed, refunding until then, failed for an operator to act on), also for the refund that makes a failed one good.
 * An order not cancelled as out of stock (an exchange's refund, a late payment's) keeps the column empty: its refunds
 * are its refund lines.
 */
async function outOfStockRefundState(trx: Transaction<AdminDb>, orderId: string, state: string, choice?: string) {
  await trx
    .updateTable('product_orders')
    .set({ refund_state: state, ...(choice ? { refund_choice: choice } : {}) })
    .where('order_id', '=', orderId)
    .where('refund_state', 'is not', null)
    .execute();
}

export async function orderRefunded(trx: Transaction<AdminDb>, data: z.output<typeof OrderRefunded.schema>) {
  await outOfStockRefundState(trx, data.orderId, refundStateOf(data.refundStatus), data.method);
}

export async function refundSettled(trx: Transaction<AdminDb>, data: z.output<typeof OrderRefundSettled.schema>) {
  await outOfStockRefundState(trx, data.orderId, refundStateOf(data.outcome));
}

export async function refundRetried(trx: Transaction<AdminDb>, data: z.output<typeof RefundRetried.schema>) {
  await outOfStockRefundState(trx, data.orderId, refundStateOf(data.refundStatus), data.method);
}
