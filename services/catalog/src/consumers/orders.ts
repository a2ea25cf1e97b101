import { OrderCompleted, ordersEvents } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { insertCompletedOrder } from '../store/completed-orders.js';
import type { CatalogDb } from '../store/tables.js';

/** From orders: completed orders, which make a product trending. */
export function completedOrdersFromOrders(db: Kysely<CatalogDb>) {
  return new EventConsumer('catalog.orders', ordersEvents, db).on(OrderCompleted, async (data, event, trx) => {
    await insertCompletedOrder(trx, {
      orderId: data.orderId,
      productId: data.productId,
      memberId: data.memberId,
      quantity: data.quantity,
      completedAt: event.recordedAt,
    });
  });
}
