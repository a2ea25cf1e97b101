import {
  EXCHANGE_WINDOW_DAYS,
  FULFILMENT_STEPS,
  type FulfilmentStep,
  type FulfilmentStepRequest,
  formatIndianDay,
  nextFulfilmentStep,
  todayInIndia,
} from '@elts/contracts';
import { type Refusal, type RefusalKind, refusal, type StoredEvent } from '@elts/platform';
import type { OrderState } from './order.js';
import { asOrderEvents, type OrderEvent } from './order-events.js';

/**
 * One shipment of a paid order, folded from the order's stream (docs/decisions/0023). The order's own goods are
 * shipment 1, opened by its payment; a replacement for an exchange opens another shipment of the same order
 * (docs/decisions/0025) and goes through the same steps, decided by the same rules here.
 */
export interface ShipmentState {
  shipment: number;
  step: FulfilmentStep;
  openedAt: Date;
  processingAt: Date | null;
  shippedAt: Date | null;
  courier: string | null;
  awbNumber: string | null;
  trackingUrl: string | null;
  deliveredOn: string | null;
}

export const ORDER_SHIPMENT = 1;

const opened = (shipment: number, openedAt: Date): ShipmentState => ({
  shipment,
  step: 'paid',
  openedAt,
  processingAt: null,
  shippedAt: null,
  courier: null,
  awbNumber: null,
  trackingUrl: null,
  deliveredOn: null,
});

export function foldShipments(events: readonly StoredEvent[]): Map<number, ShipmentState> {
  const shipments = new Map<number, ShipmentState>();
  for (const event of asOrderEvents(events)) {
    const { recordedAt } = event;
    if (event.type === 'OrderCompleted' && !shipments.has(ORDER_SHIPMENT)) {
      shipments.set(ORDER_SHIPMENT, opened(ORDER_SHIPMENT, recordedAt));
      continue;
    }
    // An approved exchange opens its replacement's shipment, its stock already taken (docs/decisions/0025).
    if (event.type === 'ExchangeApproved') {
      shipments.set(event.data.shipment, opened(event.data.shipment, recordedAt));
      continue;
    }
    if (event.type !== 'OrderProcessingStarted' && event.type !== 'OrderShipped' && event.type !== 'OrderDelivered') continue;
    const shipment = shipments.get(event.data.shipment);
    if (!shipment) continue;
    if (event.type === 'OrderProcessingStarted') Object.assign(shipment, { step: 'processing', processingAt: recordedAt });
    if (event.type === 'OrderShipped') {
      const { courier, awbNumber, trackingUrl } = event.data;
      Object.assign(shipment, { step: 'shipped', shippedAt: recordedAt, courier, awbNumber, trackingUrl });
    }
    if (event.type === 'OrderDelivered') Object.assign(shipment, { step: 'delivered', deliveredOn: event.data.deliveredOn });
  }
  return shipments;
}

/**
 * A step is refused as a conflict when the order's state forbids it, as invalid when what was typed cannot be right
 * (and as not found, by the command, when there is no such order).
 */
export type FulfilmentDecision = { events: OrderEvent[] } | { refusal: Refusal };

const DOING: Record<FulfilmentStepRequest['step'], string> = {
  processing: 'processed',
  shipped: 'shipped',
  delivered: 'marked delivered',
};

const refuse = (kind: RefusalKind, message: string): FulfilmentDecision => ({ refusal: refusal(kind, message) });

/** Why an order that is not paid (or no longer is) has nothing to fulfil. */
function notPayable(order: OrderState, doing: string): string | undefined {
  if (order.refunded || order.status === 'cancelled') return `This order was cancelled, so it cannot be ${doing}.`;
  if (order.status === 'failed') return `This order's payment failed, so it cannot be ${doing}.`;
  if (order.status !== 'completed') return `This order is not paid yet, so it cannot be ${doing}.`;
  return undefined;
}

/** The same step asked again with the same details changes nothing (a double click, a retried bulk request). */
function sameAsRecorded(shipment: ShipmentState, request: FulfilmentStepRequest): boolean {
  if (request.step === 'processing') return true;
  if (request.step === 'shipped')
    return (
      shipment.courier === request.courier && shipment.awbNumber === request.awb_number && shipment.trackingUrl === request.tracking_url
    );
  return shipment.deliveredOn === request.delivered_on;
}

function alreadyRecorded(shipment: ShipmentState): string {
  if (shipment.step === 'shipped') return `This order was already shipped with ${shipment.courier}, AWB ${shipment.awbNumber}.`;
  if (shipment.step === 'delivered') return `This order was already marked delivered on ${formatIndianDay(shipment.deliveredOn ?? '')}.`;
  return 'This order is already processing.';
}

/**
 * The next step of a shipment, by an operator: steps go one at a time and never back; only a paid order moves; a
 * delivery day is neither in the future nor before the day it shipped (India's calendar).
 */
export function decideFulfilment(
  order: OrderState,
  shipments: Map<number, ShipmentState>,
  request: FulfilmentStepRequest,
  now: Date,
  shipmentNumber = ORDER_SHIPMENT,
  exchangeWindowDays = EXCHANGE_WINDOW_DAYS,
): FulfilmentDecision {
  const doing = DOING[request.step];
  const unpaid = notPayable(order, doing);
  const shipment = shipments.get(shipmentNumber);
  if (!unpaid && !shipment && shipmentNumber !== ORDER_SHIPMENT)
    return refuse('conflict', `This order has no shipment ${shipmentNumber}: a replacement ships once its exchange is approved.`);
  if (unpaid || !shipment) return refuse('conflict', unpaid ?? `This order is not paid yet, so it cannot be ${doing}.`);

  const current = FULFILMENT_STEPS.indexOf(shipment.step);
  const wanted = FULFILMENT_STEPS.indexOf(request.step);
  if (wanted === current) return sameAsRecorded(shipment, request) ? { events: [] } : refuse('conflict', alreadyRecorded(shipment));
  if (wanted < current) return refuse('conflict', `This order is already ${shipment.step}; a step cannot be undone.`);
  if (wanted > current + 1)
    return refuse('conflict', `This order is ${shipment.step}: mark it ${nextFulfilmentStep(shipment.step)} first.`);

  const base = { orderId: order.orderId, memberId: order.memberId, shipment: shipmentNumber };
  if (request.step === 'processing') return { events: [{ type: 'OrderProcessingStarted', data: base }] };
  if (request.step === 'shipped') {
    const { courier, awb_number: awbNumber, tracking_url: trackingUrl } = request;
    return { events: [{ type: 'OrderShipped', data: { ...base, courier, awbNumber, trackingUrl } }] };
  }
  if (request.delivered_on > todayInIndia(now)) return refuse('invalid', 'Delivery date cannot be in the future.');
  const shippedOn = todayInIndia(shipment.shippedAt ?? now);
  if (request.delivered_on < shippedOn)
    return refuse('invalid', `Delivery date cannot be before the day the order shipped, ${formatIndianDay(shippedOn)}.`);
  // The window it opens goes with it, so the delivered mail names the days the orders setting allows.
  return { events: [{ type: 'OrderDelivered', data: { ...base, deliveredOn: request.delivered_on, exchangeWindowDays } }] };
}
