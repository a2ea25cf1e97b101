import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import { REFUND_STATE_OF } from '../domain/exchanges.js';
import type { OrderExchangesTable, OrdersDb } from './tables.js';

/**
 * Applies an exchange's events to `order_exchanges`, and opens the replacement's shipment (docs/decisions/0025), in
 * the transaction that appended them; the replacement's steps move its exchange on (shipped, delivered).
 */
export async function projectExchangeEvent(trx: Transaction<OrdersDb>, event: StoredEvent): Promise<void> {
  const data = event.data as Record<string, any>;
  const update = (values: Partial<OrderExchangesTable>) =>
    trx
      .updateTable('order_exchanges')
      .set({ ...values, updated_at: event.recordedAt })
      .where('exchange_id', '=', data.exchangeId)
      .execute();
  const decided = { decided_at: event.recordedAt, decided_by: String(event.metadata?.actor ?? '') || null };
  // An approval's outcome recorded without its start (events from before 2026-11-28) is also its decision.
  const decidedIfNot = () =>
    trx.updateTable('order_exchanges').set(decided).where('exchange_id', '=', data.exchangeId).where('decided_at', 'is', null).execute();
  const byReplacement = (state: string) =>
    trx
      .updateTable('order_exchanges')
      .set({ state, updated_at: event.recordedAt })
      .where('order_id', '=', data.orderId)
      .where('replacement_shipment', '=', data.shipment)
      .execute();
  switch (event.type) {
    case 'ExchangeRequested':
      await trx
        .insertInto('order_exchanges')
        .values({
          exchange_id: data.exchangeId,
          order_id: data.orderId,
          member_id: data.memberId,
          shipment: data.shipment,
          replacement_shipment: null,
          reason: data.reason,
          note: data.note,
          product_id: data.productId,
          product: JSON.stringify(data.product) as never,
          state: 'requested',
          requested_at: event.recordedAt,
          decided_at: null,
          decided_by: null,
          refusal_reason: null,
          ships_by: null,
          refund_id: null,
          refund_paise: null,
          updated_at: event.recordedAt,
        })
        .execute();
      return;
    // The decision is the operator's, when they made it: what follows (the stock, then approved or refunded) keeps it.
    case 'ExchangeApprovalStarted':
      await update({ state: 'approving', ...decided });
      return;
    case 'ExchangeApproved':
      await update({ state: 'approved', replacement_shipment: data.shipment, ships_by: data.shipsBy });
      await decidedIfNot();
      await trx
        .insertInto('order_shipments')
        .values({ order_id: data.orderId, shipment: data.shipment, step: 'paid', opened_at: event.recordedAt })
        .onConflict((oc) => oc.columns(['order_id', 'shipment']).doNothing())
        .execute();
      return;
    case 'ExchangeRefused':
      await update({ state: 'refused', refusal_reason: data.reason, ...decided });
      return;
    case 'ExchangeRefunded':
      await update({
        state: REFUND_STATE_OF[(data.refundStatus ?? 'success') as 'success'],
        refund_id: data.refundId,
        refund_paise: data.amountPaise,
      });
      await decidedIfNot();
      return;
    case 'OrderRefundSettled':
      await trx
        .updateTable('order_exchanges')
        .set({ state: REFUND_STATE_OF[data.outcome as 'success'], updated_at: event.recordedAt })
        .where('order_id', '=', data.orderId)
        .where('refund_id', '=', data.refundId)
        .execute();
      return;
    case 'OrderShipped':
      if (data.shipment > 1) await byReplacement('replacement_shipped');
      return;
    case 'OrderDelivered':
      if (data.shipment > 1) await byReplacement('delivered');
      return;
  }
}
