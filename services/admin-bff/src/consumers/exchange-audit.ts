import {
  ExchangeApproved,
  ExchangeRefunded,
  ExchangeRefused,
  OrderDelivered,
  OrderProcessingStarted,
  OrderShipped,
  ordersEvents,
} from '@elts/contracts';
import { EventConsumer, type StoredEvent } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import { auditAdminEvent as audit } from '../store/audit-log.js';
import type { AdminDb } from '../store/tables.js';

/**
 * The Audit page's exchange rows (docs/decisions/0025): an operator's approval, refusal (with its reason) or the
 * refund an approval led to, and each step of a replacement's shipment, with the operator as the actor. The order's
 * own shipment is audited with its row by the orders projection.
 */
export function exchangeAuditProjection(db: Kysely<AdminDb>) {
  const replacementStep = async (trx: Transaction<AdminDb>, event: StoredEvent<{ orderId: string; shipment: number }>, after: object) => {
    if (event.data.shipment === 1) return;
    await audit(trx, event, {
      action: `order.replacement.${(after as { step: string }).step}`,
      target: event.data.orderId,
      before: null,
      after: { shipment: event.data.shipment, ...after },
    });
  };
  // A decision on a requested exchange: its new state and what the operator decided with it.
  const decision =
    (state: string, details: (data: any) => object) =>
    async (data: { exchangeId: string }, event: StoredEvent, trx: Transaction<AdminDb>) =>
      audit(trx, event, {
        action: `exchange.${state}`,
        target: data.exchangeId,
        before: { state: 'requested' },
        after: { state, ...details(data) },
      });
  return new EventConsumer('admin-bff.exchange-audit', ordersEvents, db)
    .on(
      ExchangeApproved,
      decision('approved', (data) => ({ replacementShipment: data.shipment, productId: data.productId, shipsBy: data.shipsBy })),
    )
    .on(
      ExchangeRefused,
      decision('refused', (data) => ({ reason: data.reason })),
    )
    .on(
      ExchangeRefunded,
      decision('refunded', (data) => ({ refundId: data.refundId, amountPaise: data.amountPaise, reason: data.reason })),
    )
    .on(OrderProcessingStarted, async (_data, event, trx) => replacementStep(trx, event, { step: 'processing' }))
    .on(OrderShipped, async (data, event, trx) =>
      replacementStep(trx, event, { step: 'shipped', courier: data.courier, awbNumber: data.awbNumber, trackingUrl: data.trackingUrl }),
    )
    .on(OrderDelivered, async (data, event, trx) => replacementStep(trx, event, { step: 'delivered', deliveredOn: data.deliveredOn }));
}
