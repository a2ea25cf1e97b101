import { rupeesOf } from '@elts/contracts';
import type { Kysely } from 'kysely';
import type { OrderRefundsTable, OrdersDb } from './tables.js';

/** The out-of-stock cancellations of these orders (docs/decisions/0024), by order id. */
export async function orderRefunds(db: Kysely<OrdersDb>, orderIds: string[]): Promise<Map<string, OrderRefundsTable>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('order_refunds').selectAll().where('order_id', 'in', orderIds).execute();
  return new Map(rows.map((row) => [row.order_id, row]));
}

export async function orderRefund(db: Kysely<OrdersDb>, orderId: string) {
  return (await orderRefunds(db, [orderId])).get(orderId);
}

/** Where an out-of-stock refund stands; `refund_failed`: the gateway failed the fund transfer, an operator must act. */
const refundState = (row: OrderRefundsTable) => {
  if (row.refund_outcome === 'failed') return 'refund_failed';
  return row.refunded_at ? 'refunded' : row.choice ? 'refunding' : 'awaiting_choice';
};

/**
 * An out-of-stock cancellation as the member's pages show it: waiting for the member's choice (until `choice_by`),
 * being refunded the way chosen, refunded, or (the gateway failed it) refund failed. Null for an order that was not
 * cancelled so.
 */
export function refundView(row: OrderRefundsTable | undefined) {
  if (!row) return null;
  return {
    state: refundState(row),
    reason: row.reason,
    amount: rupeesOf(row.amount_paise),
    amount_paise: Number(row.amount_paise),
    cancelled_at: row.cancelled_at.toISOString(),
    choice_by: row.choice_by.toISOString(),
    choice: row.choice,
    chosen_by: row.chosen_by,
    refunded_at: row.refunded_at?.toISOString() ?? null,
  };
}
