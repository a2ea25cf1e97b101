import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import { projectExchangeEvent } from './exchanges-projection.js';
import { projectOutOfStockEvent } from './out-of-stock-projection.js';
import { projectRefundLineEvent } from './refund-lines-projection.js';
import type { OrderShipmentsTable, OrdersDb, OrdersTable } from './tables.js';

/** Applies one of an order's events to the orders table, in the transaction that appended it. */
export async function projectOrderEvent(trx: Transaction<OrdersDb>, event: StoredEvent): Promise<void> {
  await projectExchangeEvent(trx, event);
  await projectOutOfStockEvent(trx, event);
  await projectRefundLineEvent(trx, event);
  const data = event.data as Record<string, any>;
  const update = (values: Partial<OrdersTable>) =>
    trx
      .updateTable('orders')
      .set({ ...values, updated_at: event.recordedAt })
      .where('order_id', '=', data.orderId)
      .execute();
  // A fulfilment step changes its shipment, and the order's last update with it.
  const step = async (values: Partial<OrderShipmentsTable>) => {
    await trx
      .updateTable('order_shipments')
      .set(values)
      .where('order_id', '=', data.orderId)
      .where('shipment', '=', data.shipment)
      .execute();
    await update({});
  };
  switch (event.type) {
    case 'OrderPlaced':
      await trx
        .insertInto('orders')
        .values({
          order_id: data.orderId,
          member_id: data.memberId,
          product_id: data.productId,
          product: JSON.stringify(data.product) as never,
          quantity: data.quantity,
          unit_price_paise: data.unitPricePaise,
          credit_paise: data.creditPaise,
          amount_paise: data.amountPaise,
          status: 'pending',
          payment_id: null,
          transaction_id: null,
          payment_method: null,
          failure_reason: null,
          variant_group: data.variantGroup ?? null,
          reserved_until: data.reservedUntil ? new Date(data.reservedUntil) : null,
          retail_unit_paise: data.retailUnitPaise ?? null,
          retail_recorded_at: data.retailRecordedAt ? new Date(data.retailRecordedAt) : null,
          customer: JSON.stringify(data.customer) as never,
          shipping_address: JSON.stringify(data.shippingAddress) as never,
          billing_address: JSON.stringify(data.billingAddress) as never,
          created_at: event.recordedAt,
          updated_at: event.recordedAt,
        })
        .execute();
      return;
    case 'OrderPaymentStarted':
      // A reservation's credit is spent when its checkout starts: the price to pay is settled then.
      await update({
        payment_id: data.paymentId,
        ...(typeof data.amountPaise === 'number' ? { credit_paise: data.creditPaise ?? 0, amount_paise: data.amountPaise } : {}),
      });
      return;
    case 'OrderCompleted':
      await update({ status: 'completed', transaction_id: data.transactionId, payment_method: data.method, failure_reason: null });
      // Paid: the order's own goods wait to be processed (docs/decisions/0023).
      await trx
        .insertInto('order_shipments')
        .values({ order_id: data.orderId, shipment: 1, step: 'paid', opened_at: event.recordedAt })
        .onConflict((oc) => oc.columns(['order_id', 'shipment']).doNothing())
        .execute();
      return;
    case 'OrderProcessingStarted':
      await step({ step: 'processing', processing_at: event.recordedAt });
      return;
    case 'OrderShipped':
      await step({
        step: 'shipped',
        shipped_at: event.recordedAt,
        courier: data.courier,
        awb_number: data.awbNumber,
        tracking_url: data.trackingUrl,
      });
      return;
    case 'OrderDelivered':
      await step({ step: 'delivered', delivered_on: data.deliveredOn, delivered_at: event.recordedAt });
      return;
    case 'OrderFailed':
      // The shopper calling the payment off is the spec's cancelled, not a failure (nothing went wrong).
      await update({ status: data.stage === 'cancelled' ? 'cancelled' : 'failed', failure_reason: data.reason });
      return;
    case 'OrderRefunded':
      await update({ status: 'cancelled', failure_reason: data.reason });
      return;
  }
}
