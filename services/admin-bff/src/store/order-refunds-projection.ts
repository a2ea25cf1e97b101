import type { RefundLineChange } from '@elts/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { AdminDb } from './tables.js';

/**
 * Each refund of a product order on the Orders page (issue 32), from the orders service's events as contracts'
 * `refundLineChange` reads them, applied in the order's own sequence: asked, settled (which may come first), a
 * failed one made good. What the refunds took off the order's revenue is kept apart, from the payments themselves
 * (`net_paise`, migration 0011).
 */
export async function applyRefundLine(trx: Transaction<AdminDb>, change: RefundLineChange, at: Date): Promise<void> {
  if (change.change === 'retry_chosen') {
    await trx.updateTable('product_order_refunds').set({ retry: change.retry }).where('refund_id', '=', change.refundId).execute();
    return;
  }
  if (change.change === 'settled') {
    await trx
      .insertInto('product_order_refunds')
      .values({ ...EMPTY, refund_id: change.refundId, order_id: change.orderId, state: change.state, settled_at: at })
      .onConflict((oc) => oc.column('refund_id').doUpdateSet({ state: change.state, settled_at: at }))
      .execute();
    return;
  }
  const kind = change.kind ?? (await kindFromRecords(trx, change.orderId, change.retryOf));
  const asked = {
    kind,
    method: change.method,
    amount_paise: change.amountPaise,
    reason: change.reason,
    retry_of: change.retryOf,
    asked_at: at,
  };
  await trx
    .insertInto('product_order_refunds')
    .values({
      ...EMPTY,
      ...asked,
      refund_id: change.refundId,
      order_id: change.orderId,
      state: change.state,
      settled_at: change.state === 'refunding' ? null : at,
    })
    .onConflict((oc) => oc.column('refund_id').doUpdateSet(asked))
    .execute();
}

const EMPTY = { kind: null, method: null, amount_paise: null, reason: null, retry: null, retry_of: null, asked_at: null };

/** A retry is of its failed refund's kind; an `OrderRefunded` without one is out of stock if the order was cancelled so. */
async function kindFromRecords(trx: Transaction<AdminDb>, orderId: string, retryOf: string | null): Promise<string> {
  if (retryOf) {
    const failed = await trx.selectFrom('product_order_refunds').select('kind').where('refund_id', '=', retryOf).executeTakeFirst();
    return failed?.kind ?? 'late_payment';
  }
  const order = await trx.selectFrom('product_orders').select('refund_state').where('order_id', '=', orderId).executeTakeFirst();
  return order?.refund_state ? 'out_of_stock' : 'late_payment';
}

/** The refunds of these orders, oldest first, by order id (those whose refund has been recorded). */
export async function productOrderRefunds(db: Kysely<AdminDb>, orderIds: string[]) {
  const byOrder = new Map<string, AdminDb['product_order_refunds'][]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('product_order_refunds')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('kind', 'is not', null)
    .orderBy('asked_at')
    .orderBy('refund_id')
    .execute();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}
