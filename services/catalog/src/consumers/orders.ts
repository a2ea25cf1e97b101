import { OrderCompleted, ordersEvents } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { CatalogDb } from '../store/tables.js';

/** From orders: completed orders, which make a product trending. */
export function completedOrdersFromOrders(db: Kysely<CatalogDb>) {
  return new EventConsumer('catalog.orders', ordersEvents, db).on(OrderCompleted, async (data, event, trx) => {
    await trx
      .insertInto('completed_orders')
      .values({
        order_id: data.orderId,
        product_id: data.productId,
        member_id: data.memberId,
        quantity: data.quantity,
        completed_at: event.recordedAt,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}
