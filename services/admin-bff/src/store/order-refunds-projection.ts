import type { RefundLineChange } from '@elts/contracts';
import { applyRefundLine, kindOfRetried, refundLinesOf } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import type { AdminDb } from './tables.js';

const TABLE = 'product_order_refunds';

/**
 * Each refund of a product order on the Orders page (decision 0075), from the orders service's events, applied in the
 * order's own sequence (platform's `applyRefundLine`). What the refunds took off the order's revenue is kept apart,
 * from the payments themselves (`net_paise`, migration 0011).
 */
export async function applyOrderRefund(trx: Transaction<AdminDb>, change: RefundLineChange, at: Date): Promise<void> {
  await applyRefundLine(trx, TABLE, change, at, async (orderId, retryOf) => {
    if (retryOf) return kindOfRetried(trx, TABLE, retryOf);
    // An OrderRefunded from before `kind`: an out-of-stock cancellation's row says where its refund stands.
    const order = await trx.selectFrom('product_orders').select('refund_state').where('order_id', '=', orderId).executeTakeFirst();
    return order?.refund_state ? 'out_of_stock' : 'late_payment';
  });
}

/** The refunds of these orders, oldest first, by order id (those whose refund has been recorded). */
export const productOrderRefunds = (db: Kysely<AdminDb>, orderIds: string[]) => refundLinesOf(db, TABLE, orderIds);
