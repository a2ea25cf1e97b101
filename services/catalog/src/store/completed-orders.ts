import type { Kysely } from 'kysely';
import type { CatalogDb } from './tables.js';

/** Keeps a completed order once (a redelivery changes nothing). */
export async function insertCompletedOrder(
  db: Kysely<CatalogDb>,
  order: { orderId: string; productId: string; memberId: string; quantity: number; completedAt: Date },
): Promise<void> {
  await db
    .insertInto('completed_orders')
    .values({
      order_id: order.orderId,
      product_id: order.productId,
      member_id: order.memberId,
      quantity: order.quantity,
      completed_at: order.completedAt,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
