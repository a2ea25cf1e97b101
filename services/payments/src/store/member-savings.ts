import type { Kysely } from 'kysely';
import type { SavingsOrder } from '../domain/savings.js';
import type { PlacedOrder } from './product-orders.js';
import type { PaymentsDb } from './tables.js';

/**
 * A member's paid product orders as the savings read needs them (decision 0156), from what payments already keeps:
 * each order as placed (orders' OrderPlaced, with its price settled at checkout and the retail price in force),
 * its successful payment, and whether any of its money or its worth came back (a refund, pending or made, or credit
 * given instead of one).
 */
export async function paidOrdersOf(db: Kysely<PaymentsDb>, memberId: string): Promise<SavingsOrder[]> {
  const [placed, payments, refunds, credits] = await Promise.all([
    db.selectFrom('product_orders').select(['order_id', 'placed']).where('member_id', '=', memberId).execute(),
    db
      .selectFrom('payments')
      .select(['order_id', 'processed_at', 'created_at'])
      .where('member_id', '=', memberId)
      .where('payment_type', '=', 'product_order')
      .where('status', 'in', ['success', 'refunded'])
      .execute(),
    db
      .selectFrom('payments')
      .select('order_id')
      .where('member_id', '=', memberId)
      .where('payment_type', '=', 'refund')
      .where('status', 'in', ['pending', 'success'])
      .execute(),
    db
      .selectFrom('credit_ledger')
      .select('order_id')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'grant')
      .where('order_id', 'is not', null)
      .execute(),
  ]);
  const paidAt = new Map(payments.map((row) => [row.order_id, row.processed_at ?? row.created_at]));
  const refunded = new Set([...refunds, ...credits].map((row) => row.order_id));
  const orders: SavingsOrder[] = [];
  for (const row of placed) {
    const at = paidAt.get(row.order_id);
    if (!at) continue;
    const order = (typeof row.placed === 'string' ? JSON.parse(row.placed) : row.placed) as PlacedOrder;
    const retailUnit = order.retailUnitPaise ?? null;
    orders.push({
      orderId: row.order_id,
      paidAt: at,
      pricePaise: order.unitPricePaise * order.quantity,
      creditPaise: order.creditPaise,
      paidPaise: order.amountPaise,
      retailPaise: retailUnit === null ? null : retailUnit * order.quantity,
      retailRecordedAt: order.retailRecordedAt ?? null,
      refunded: refunded.has(row.order_id),
    });
  }
  return orders;
}
