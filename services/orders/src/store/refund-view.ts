import {
  addDays,
  type OrderRefundKind,
  type OrderRefundState,
  REFUND_CREDIT,
  type RefundChoice,
  rupeesOf,
  todayInIndia,
} from '@elts/contracts';
import { type RefundLineRow, refundLinesOf } from '@elts/platform';
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

/**
 * Where an out-of-stock refund stands: refunded once the money landed (the gateway said so, or credits were given),
 * refunding from the choice until then; `refund_failed`: the gateway failed the fund transfer, an operator acts.
 */
const refundState = (row: OrderRefundsTable) => {
  if (row.refund_outcome === 'failed') return 'refund_failed';
  if (row.refund_outcome === 'success') return 'refunded';
  return row.choice ? 'refunding' : 'awaiting_choice';
};

/**
 * An out-of-stock cancellation as the member's pages show it: waiting for the member's choice (until `choice_by`),
 * being refunded the way chosen, refunded, or (the gateway failed it) refund failed. Null for an order that was not
 * cancelled so. `credits_until`: while the choice is open and the member's membership is active, the last day credits
 * chosen now could be spent (REFUND_CREDIT.validDays on); null when credits cannot be chosen.
 */
export function refundView(row: OrderRefundsTable | undefined, membershipActive: boolean, now: Date) {
  if (!row) return null;
  const creditsOpen = membershipActive && !row.choice && now <= row.choice_by;
  return {
    credits_until: creditsOpen ? addDays(todayInIndia(now), REFUND_CREDIT.validDays) : null,
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

/** Every refund of these orders, oldest first, by order id: the lines whose refund has been recorded. */
export const orderRefundLines = (db: Kysely<OrdersDb>, orderIds: string[]) => refundLinesOf(db, 'order_refund_lines', orderIds);

/** One refund of an order as the member's pages show it (`refunds` of an order). */
export function refundLineView(row: RefundLineRow) {
  return {
    refund_id: row.refund_id,
    kind: row.kind as OrderRefundKind,
    method: row.method as RefundChoice,
    amount: rupeesOf(row.amount_paise ?? 0),
    amount_paise: Number(row.amount_paise ?? 0),
    state: row.state as OrderRefundState,
    retry: row.retry as RefundChoice | null,
    retry_of: row.retry_of,
    asked_at: row.asked_at?.toISOString() ?? null,
    settled_at: row.settled_at?.toISOString() ?? null,
  };
}
