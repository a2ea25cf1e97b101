import { refundStateOf } from '@elts/contracts';
import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import type { OrdersDb } from './tables.js';

/**
 * Every refund of an order as one line (`order_refund_lines`, issue 32), from the order's own events in the
 * transaction that appended them: the refund when asked (its kind, method, amount, and payments' answer), then its
 * settlement. A settlement can be recorded before its refund (the gateway answered first): the line is made by
 * whichever comes first and completed by the other, and a settlement heard first is not overwritten by the answer.
 */
export async function projectRefundLineEvent(trx: Transaction<OrdersDb>, event: StoredEvent): Promise<void> {
  const data = event.data as Record<string, any>;
  const at = event.recordedAt;
  const asked = async (kind: string, method: string) => {
    const state = refundStateOf(data.refundStatus ?? 'success');
    const settled = state === 'refunding' ? null : at;
    await trx
      .insertInto('order_refund_lines')
      .values({
        refund_id: data.refundId,
        order_id: data.orderId,
        kind,
        method,
        amount_paise: data.amountPaise,
        reason: data.reason,
        state,
        retry: null,
        retry_of: data.retryOf ?? null,
        asked_at: at,
        settled_at: settled,
      })
      .onConflict((oc) =>
        oc.column('refund_id').doUpdateSet({
          kind,
          method,
          amount_paise: data.amountPaise,
          reason: data.reason,
          retry_of: data.retryOf ?? null,
          asked_at: at,
        }),
      )
      .execute();
  };
  switch (event.type) {
    case 'OrderRefunded': {
      // Before `kind` was recorded, an out-of-stock cancellation's refund was the only one with a refund row.
      const outOfStock =
        data.kind === 'out_of_stock' ||
        (!data.kind &&
          (await trx.selectFrom('order_refunds').select('order_id').where('order_id', '=', data.orderId).executeTakeFirst()) !== undefined);
      await asked(outOfStock ? 'out_of_stock' : 'late_payment', data.method ?? 'fund_transfer');
      return;
    }
    case 'ExchangeRefunded':
      await asked('exchange', 'fund_transfer');
      return;
    case 'RefundRetryChosen':
      await trx.updateTable('order_refund_lines').set({ retry: data.method }).where('refund_id', '=', data.retryOf).execute();
      return;
    case 'RefundRetried': {
      const failed = await trx.selectFrom('order_refund_lines').select('kind').where('refund_id', '=', data.retryOf).executeTakeFirst();
      await asked(failed?.kind ?? 'late_payment', data.method);
      // The refund it makes good stands for the order's out-of-stock refund and exchange from now on.
      const state = refundStateOf(data.refundStatus);
      await trx
        .updateTable('order_refunds')
        .set({ refund_id: data.refundId, refund_outcome: state === 'refunding' ? null : data.refundStatus })
        .where('refund_id', '=', data.retryOf)
        .execute();
      await trx
        .updateTable('order_exchanges')
        .set({ refund_id: data.refundId, state, updated_at: at })
        .where('refund_id', '=', data.retryOf)
        .execute();
      return;
    }
    case 'OrderRefundSettled':
      await trx
        .insertInto('order_refund_lines')
        .values({
          refund_id: data.refundId,
          order_id: data.orderId,
          kind: null,
          method: null,
          amount_paise: null,
          reason: null,
          state: refundStateOf(data.outcome),
          retry: null,
          retry_of: null,
          asked_at: null,
          settled_at: at,
        })
        .onConflict((oc) => oc.column('refund_id').doUpdateSet({ state: refundStateOf(data.outcome), settled_at: at }))
        .execute();
      return;
  }
}
