import { expectedDeliveryDate, FULFILMENT_STEPS, type FulfilmentStep, type FulfilmentView } from '@elts/contracts';
import type { Kysely } from 'kysely';
import { ORDER_SHIPMENT } from '../domain/fulfilment.js';
import type { OrderShipmentsTable, OrdersDb } from './tables.js';

/** The order's own shipment for each of these orders (paid ones have one), or another of their shipments. */
export async function orderShipments(
  db: Kysely<OrdersDb>,
  orderIds: string[],
  shipment = ORDER_SHIPMENT,
): Promise<Map<string, OrderShipmentsTable>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_shipments')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('shipment', '=', shipment)
    .execute();
  return new Map(rows.map((row) => [row.order_id, row]));
}

export async function orderShipment(db: Kysely<OrdersDb>, orderId: string, shipment = ORDER_SHIPMENT) {
  return (await orderShipments(db, [orderId], shipment)).get(orderId);
}

/**
 * A shipment as the member's pages show it: each step with when it happened (those ahead not yet), the courier's
 * details once shipped, and the last day to expect it until it is delivered. An unpaid order has none (null).
 */
export function fulfilmentView(shipment: OrderShipmentsTable | undefined): FulfilmentView | null {
  if (!shipment) return null;
  const step = shipment.step as FulfilmentStep;
  const when: Record<FulfilmentStep, Date | null> = {
    paid: shipment.opened_at,
    processing: shipment.processing_at,
    shipped: shipment.shipped_at,
    delivered: shipment.delivered_at,
  };
  const reached = FULFILMENT_STEPS.indexOf(step);
  return {
    step,
    timeline: FULFILMENT_STEPS.map((each, index) => ({
      step: each,
      done: index <= reached,
      at: index <= reached ? (when[each]?.toISOString() ?? null) : null,
    })),
    courier: shipment.courier,
    awb_number: shipment.awb_number,
    tracking_url: shipment.tracking_url,
    delivered_on: shipment.delivered_on,
    expected_delivery_on: step === 'delivered' ? null : expectedDeliveryDate(shipment.opened_at, shipment.shipped_at),
  };
}
