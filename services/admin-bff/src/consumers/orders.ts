import {
  ExchangeApproved,
  ExchangeRefunded,
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
  RefundRetried,
  RefundRetryChosen,
  refundLineChange,
} from '@elts/contracts';
import { EventConsumer, type StoredEvent } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import { auditAdminEvent } from '../store/audit-log.js';
import { orderQuantity, recordStockMove } from '../store/drop-stock.js';
import { applyOrderRefund } from '../store/order-refunds-projection.js';
import { addProductOrder, type Fulfilment, productOrderFulfilment, setProductOrder } from '../store/orders-projection.js';
import { cancelledOutOfStock, orderRefunded, refundChosen, refundRetried, refundSettled } from '../store/out-of-stock-projection.js';
import type { AdminDb } from '../store/tables.js';

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
  const before = await productOrderFulfilment(trx, event.data.orderId);
  await setProductOrder(trx, event.data.orderId, after);
  await auditAdminEvent(trx, event, {
    action: `order.${after.fulfilment_step}`,
    target: event.data.orderId,
    before: before ?? null,
    after: { ...before, ...after },
  });
}

const refundLine = async (trx: Transaction<AdminDb>, event: StoredEvent) => {
  const change = refundLineChange(event.type, event.data);
  if (change) await applyOrderRefund(trx, change, event.recordedAt);
};

/**
 * Units sold, for the Drops chart (decision 0170): the catalogue commits a paid order's units just before its
 * OrderCompleted is recorded, as its 'commit' movement.
 */
const unitsSold = (trx: Kysely<AdminDb>, event: StoredEvent, productId: string, quantity: number) =>
  recordStockMove(trx, { event_id: event.eventId, product_id: productId, at: event.recordedAt, on_hand: 0, sold: quantity });

/** Product orders as the back office lists them, each with the product as it was when ordered. */
export function ordersProjection(db: Kysely<AdminDb>) {
  const setStatus = (trx: Kysely<AdminDb>, orderId: string, status: string) => setProductOrder(trx, orderId, { status });
  return (
    new EventConsumer('admin-bff.orders', ordersEvents, db)
      .on(OrderPlaced, async (data, event, trx) => {
        await addProductOrder(trx, {
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
        });
      })
      // A reservation's price is settled when its checkout opens (issue 33): the credit off, what is left to pay.
      .on(OrderPaymentStarted, async (data, _event, trx) => {
        if (typeof data.amountPaise === 'number') await setProductOrder(trx, data.orderId, { amount_paise: data.amountPaise });
      })
      // Paid: the order now waits to be processed.
      .on(OrderCompleted, async (data, event, trx) => {
        await setProductOrder(trx, data.orderId, { status: 'completed', fulfilment_step: 'paid', paid_at: event.recordedAt });
        await unitsSold(trx, event, data.productId, data.quantity);
      })
      // An exchange's replacement (as many units as the order) was taken from stock just before its approval was
      // recorded. The order's OrderPlaced, earlier on the same stream, has been applied.
      .on(ExchangeApproved, async (data, event, trx) => {
        const quantity = await orderQuantity(trx, data.orderId);
        if (quantity) await unitsSold(trx, event, data.productId, quantity);
      })
      // The shopper calling the payment off at checkout is the spec's cancelled, not a failure.
      .on(OrderFailed, async (data, _event, trx) => setStatus(trx, data.orderId, data.stage === 'cancelled' ? 'cancelled' : 'failed'))
      // Refunded: the money went back, so nothing is left to fulfil; it leaves the fulfilment queues.
      .on(OrderRefunded, async (data, event, trx) => {
        await setProductOrder(trx, data.orderId, { status: 'cancelled', fulfilment_step: null });
        await orderRefunded(trx, data);
        await refundLine(trx, event);
      })
      .on(OrderCancelledOutOfStock, async (data, event, trx) => cancelledOutOfStock(trx, data, event))
      .on(OrderRefundChosen, async (data, _event, trx) => refundChosen(trx, data))
      .on(OrderRefundSettled, async (data, event, trx) => {
        await refundSettled(trx, data);
        await refundLine(trx, event);
      })
      // Every refund of an order, on its row (issue 32): an exchange's, a late payment's, one made good.
      .on(ExchangeRefunded, async (_data, event, trx) => refundLine(trx, event))
      .on(RefundRetried, async (data, event, trx) => {
        await refundRetried(trx, data);
        await refundLine(trx, event);
      })
      .on(RefundRetryChosen, async (data, event, trx) => {
        await refundLine(trx, event);
        const actor = String(event.metadata?.actor ?? '');
        if (actor.startsWith('admin:'))
          await auditAdminEvent(trx, event, {
            action: 'order.refund_sent_again',
            target: data.orderId,
            before: { refundId: data.retryOf, state: 'refund_failed' },
            after: { refundId: data.retryOf, retry: data.method },
          });
      })
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
