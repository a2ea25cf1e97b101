import {
  OrderCancelledOutOfStock,
  OrderCompleted,
  OrderDelivered,
  OrderFailed,
  OrderPaymentStarted,
  OrderPlaced,
  OrderProcessingStarted,
  OrderRefundChosen,
  OrderRefunded,
  OrderRefundSettled,
  OrderShipped,
  ordersEvents,
} from '@elts/contracts';
import { EventConsumer, type StoredEvent } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import { auditAdminEvent } from '../store/audit-log.js';
import type { AdminDb } from '../store/tables.js';
import { cancelledOutOfStock, orderRefunded, refundChosen, refundSettled } from './out-of-stock.js';

type Fulfilment = Pick<
  AdminDb['product_orders'],
  'fulfilment_step' | 'courier' | 'awb_number' | 'tracking_url' | 'shipped_at' | 'delivered_on'
>;

/**
 * An operator's fulfilment step on an order's own shipment (docs/decisions/0023): the row shows it, and the audit
 * log records who took it, with the order's fulfilment before and after. Replacement shipments (exchanges) are not
 * the order's row.
 */
async function fulfilmentStep(
  trx: Transaction<AdminDb>,
  event: StoredEvent<{ orderId: string; shipment: number }>,
  after: Partial<Fulfilment>,
) {
  if (event.data.shipment !== 1) return;
  const columns = ['fulfilment_step', 'courier', 'awb_number', 'tracking_url', 'shipped_at', 'delivered_on'] as const;
  const before = await trx.selectFrom('product_orders').select(columns).where('order_id', '=', event.data.orderId).executeTakeFirst();
  await trx.updateTable('product_orders').set(after).where('order_id', '=', event.data.orderId).execute();
  await auditAdminEvent(trx, event, {
    action: `order.${after.fulfilment_step}`,
    target: event.data.orderId,
    before: before ?? null,
    after: { ...before, ...after },
  });
}

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
      // Paid: the order now waits to be processed.
      .on(OrderCompleted, async (data, _event, trx) => {
        await trx
          .updateTable('product_orders')
          .set({ status: 'completed', fulfilment_step: 'paid' })
          .where('order_id', '=', data.orderId)
          .execute();
      })
      // The shopper calling the payment off at checkout is the spec's cancelled, not a failure.
      .on(OrderFailed, async (data, _event, trx) => setStatus(trx, data.orderId, data.stage === 'cancelled' ? 'cancelled' : 'failed'))
      // Refunded: the money went back, so nothing is left to fulfil; it leaves the fulfilment queues.
      .on(OrderRefunded, async (data, _event, trx) => {
        await trx
          .updateTable('product_orders')
          .set({ status: 'cancelled', fulfilment_step: null })
          .where('order_id', '=', data.orderId)
          .execute();
        await orderRefunded(trx, data);
      })
      .on(OrderCancelledOutOfStock, async (data, event, trx) => cancelledOutOfStock(trx, data, event))
      .on(OrderRefundChosen, async (data, _event, trx) => refundChosen(trx, data))
      .on(OrderRefundSettled, async (data, _event, trx) => refundSettled(trx, data))
      .on(OrderProcessingStarted, async (_data, event, trx) => fulfilmentStep(trx, event, { fulfilment_step: 'processing' }))
      .on(OrderShipped, async (data, event, trx) =>
        fulfilmentStep(trx, event, {
          fulfilment_step: 'shipped',
          courier: data.courier,
          awb_number: data.awbNumber,
          tracking_url: data.trackingUrl,
          shipped_at: event.recordedAt,
        }),
      )
      .on(OrderDelivered, async (data, event, trx) =>
        fulfilmentStep(trx, event, { fulfilment_step: 'delivered', delivered_on: data.deliveredOn }),
      )
  );
}
