import { refundLineChange } from '@elts/contracts';
import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import type { OrdersDb } from './tables.js';

/**
 * Every refund of an order as one line (`order_refund_lines`, issue 32), from the order's own events in the
 * transaction that appended them (read as contracts' `refundLineChange` reads them): the refund when asked (its kind,
 * method, amount, and payments' answer), then its settlement. A settlement can be recorded before its refund (the
 * gateway answered first): the line is made by whichever comes first and completed by the other, and a settlement
 * heard first is not overwritten by the answer. A refund made good stands for the order's out-of-stock refund and
 * exchange from then on.
 */
export async function projectRefundLineEvent(trx: Transaction<OrdersDb>, event: StoredEvent): Promise<void> {
  const change = refundLineChange(event.type, event.data);
  if (!change) return;
  const at = event.recordedAt;
  const lines = () => trx.updateTable('order_refund_lines').where('refund_id', '=', change.refundId);
  if (change.change === 'retry_chosen') {
    await lines().set({ retry: change.retry }).execute();
    return;
  }
  if (change.change === 'settled') {
    await trx
      .insertInto('order_refund_lines')
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
  const settledAt = change.state === 'refunding' ? null : at;
  await trx
    .insertInto('order_refund_lines')
    .values({ ...EMPTY, ...asked, refund_id: change.refundId, order_id: change.orderId, state: change.state, settled_at: settledAt })
    .onConflict((oc) => oc.column('refund_id').doUpdateSet(asked))
    .execute();
  if (change.retryOf) {
    const outcome = change.state === 'refunding' ? null : change.state === 'refunded' ? 'success' : 'failed';
    await trx
      .updateTable('order_refunds')
      .set({ refund_id: change.refundId, refund_outcome: outcome })
      .where('refund_id', '=', change.retryOf)
      .execute();
    await trx
      .updateTable('order_exchanges')
      .set({ refund_id: change.refundId, state: change.state, updated_at: at })
      .where('refund_id', '=', change.retryOf)
      .execute();
  }
}

const EMPTY = { kind: null, method: null, amount_paise: null, reason: null, retry: null, retry_of: null, asked_at: null };

/** A retry is of its failed refund's kind; an `OrderRefunded` without one is out of stock if the order was cancelled so. */
async function kindFromRecords(trx: Transaction<OrdersDb>, orderId: string, retryOf: string | null): Promise<string> {
  if (retryOf) {
    const failed = await trx.selectFrom('order_refund_lines').select('kind').where('refund_id', '=', retryOf).executeTakeFirst();
    return failed?.kind ?? 'late_payment';
  }
  const cancelled = await trx.selectFrom('order_refunds').select('order_id').where('order_id', '=', orderId).executeTakeFirst();
  return cancelled ? 'out_of_stock' : 'late_payment';
}
