import { OrderCompleted, OrderFailed, OrderPaymentStarted, OrderPlaced, OrderRefunded, ordersEvents } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { AdminDb } from '../store/tables.js';

/** Product orders as the back office lists them, each with the product as it was when ordered. */
export function ordersProjection(db: Kysely<AdminDb>) {
  const setStatus = (trx: Kysely<AdminDb>, orderId: string, status: string) =>
    trx
      .updateTable('product_orders')
      .set({ status })
      .where('order_id', '=', orderId)
      .execute()
      .then(() => undefined);
  return (
    new EventConsumer('admin-bff.orders', ordersEvents, db)
      .on(OrderPlaced, async (data, event, trx) => {
        await trx
          .insertInto('product_orders')
          .values({
            order_id: data.orderId,
            member_id: data.memberId,
            customer_email: data.customer.email,
            customer_name: `${data.customer.firstName} ${data.customer.lastName}`.trim(),
            product_id: data.productId,
            product: JSON.stringify(data.product) as never,
            quantity: data.quantity,
            amount_paise: data.amountPaise,
            currency: 'INR',
            status: 'pending',
            created_at: event.recordedAt,
          })
          .onConflict((oc) => oc.column('order_id').doNothing())
          .execute();
      })
      // The payer is at the checkout: the spec's 'processing' (only from pending, events may arrive late).
      .on(OrderPaymentStarted, async (data, _event, trx) => {
        await trx
          .updateTable('product_orders')
          .set({ status: 'processing' })
          .where('order_id', '=', data.orderId)
          .where('status', '=', 'pending')
          .execute();
      })
      .on(OrderCompleted, async (data, _event, trx) => setStatus(trx, data.orderId, 'completed'))
      // The shopper calling the payment off at checkout is the spec's cancelled, not a failure.
      .on(OrderFailed, async (data, _event, trx) => setStatus(trx, data.orderId, data.stage === 'cancelled' ? 'cancelled' : 'failed'))
      .on(OrderRefunded, async (data, _event, trx) => setStatus(trx, data.orderId, 'cancelled'))
  );
}
