import {
  addDays,
  type ExchangeReason,
  type ExchangeState,
  formatIndianDay,
  formatRupees,
  indianDate,
  OPEN_EXCHANGE_STATES,
  type OrderStatus,
  type ProductForOrder,
  REFUND_EXCHANGE_STATES,
  todayInIndia,
} from '@elts/contracts';
import { type Refusal, type RefusalKind, refusal, type StoredEvent } from '@elts/platform';
import type { ShipmentState } from './fulfilment.js';
import type { OrderState } from './order.js';
import { asOrderEvents, type OrderEvent } from './order-events.js';

/**
 * Exchanges of an order line (docs/decisions/0025), folded from the order's stream and decided here, pure. The
 * member asks within the window after the latest shipment's delivery, for the same product or another version of
 * it at the same price; an operator approves or refuses, one decision recorded before any stock moves; an approval
 * then takes the replacement's stock (which opens its shipment) or, when none can be had, refunds the member.
 */
export interface ExchangeRecord {
  exchangeId: string;
  /** The delivered shipment being exchanged. */
  shipment: number;
  state: ExchangeState;
  productId: string;
  /** The replacement's shipment: chosen when the approval is recorded, opened once its stock is taken. */
  replacementShipment: number | null;
  /** Who approved (the actor of `ExchangeApprovalStarted`): the approval's later events are theirs too. */
  approvedBy: string | null;
  refusalReason: string | null;
  /** The refund made when no replacement could be found. */
  refundId: string | null;
}

/** A refund's state on the exchange: as payments answered the request, then as it settled (OrderRefundSettled). */
export const REFUND_STATE_OF: Record<'pending' | 'success' | 'failed', ExchangeState> = {
  pending: 'refunding',
  success: 'refunded',
  failed: 'refund_failed',
};

export function foldExchanges(events: readonly StoredEvent[]): ExchangeRecord[] {
  const exchanges: ExchangeRecord[] = [];
  const byReplacement = (shipment: number) => exchanges.find((each) => each.replacementShipment === shipment);
  const find = (exchangeId: string) => exchanges.find((each) => each.exchangeId === exchangeId);
  for (const event of asOrderEvents(events)) {
    switch (event.type) {
      case 'ExchangeRequested':
        exchanges.push({
          exchangeId: event.data.exchangeId,
          shipment: event.data.shipment,
          state: 'requested',
          productId: event.data.productId,
          replacementShipment: null,
          approvedBy: null,
          refusalReason: null,
          refundId: null,
        });
        break;
      case 'ExchangeApprovalStarted': {
        const approvedBy = event.metadata?.actor ?? null;
        Object.assign(find(event.data.exchangeId) ?? {}, { state: 'approving', replacementShipment: event.data.shipment, approvedBy });
        break;
      }
      case 'ExchangeApproved':
        Object.assign(find(event.data.exchangeId) ?? {}, { state: 'approved', replacementShipment: event.data.shipment });
        break;
      case 'ExchangeRefused':
        Object.assign(find(event.data.exchangeId) ?? {}, { state: 'refused', refusalReason: event.data.reason });
        break;
      case 'ExchangeRefunded':
        Object.assign(find(event.data.exchangeId) ?? {}, {
          state: REFUND_STATE_OF[event.data.refundStatus ?? 'success'],
          refundId: event.data.refundId,
        });
        break;
      case 'OrderRefundSettled':
        for (const each of exchanges.filter((one) => one.refundId === event.data.refundId))
          each.state = REFUND_STATE_OF[event.data.outcome];
        break;
      // A failed refund made good (issue 32): the new refund is the exchange's from now on.
      case 'RefundRetried':
        for (const each of exchanges.filter((one) => one.refundId === event.data.retryOf))
          Object.assign(each, { refundId: event.data.refundId, state: REFUND_STATE_OF[event.data.refundStatus] });
        break;
      case 'OrderShipped':
      case 'OrderDelivered': {
        const replacement = byReplacement(event.data.shipment);
        if (replacement) replacement.state = event.type === 'OrderShipped' ? 'replacement_shipped' : 'delivered';
        break;
      }
    }
  }
  return exchanges;
}

/** What decides whether an exchange may be asked for: read from the stream for a decision, from the tables for a page. */
export interface ExchangeFacts {
  status: OrderStatus;
  refunded: boolean;
  /** The order's latest shipment (the replacement once there is one), if paid. */
  latest: { shipment: number; step: string; deliveredOn: string | null } | undefined;
  states: readonly ExchangeState[];
}

export type ExchangeWindow = { shipment: number; until: string } | { refusal: Refusal };

const refuse = (kind: RefusalKind, message: string) => ({ refusal: refusal(kind, message) });

/**
 * Whether the member may ask for an exchange today (India's calendar), and of which shipment until which day: the
 * latest shipment delivered at most `windowDays` days ago (the last day included), no exchange of the line still
 * open, the order neither cancelled nor refunded.
 */
export function exchangeWindow(facts: ExchangeFacts, now: Date, windowDays: number): ExchangeWindow {
  if (facts.refunded || facts.status === 'cancelled' || facts.states.some((state) => REFUND_EXCHANGE_STATES.includes(state)))
    return refuse('conflict', 'This order was refunded or cancelled, so it cannot be exchanged.');
  if (facts.status !== 'completed' || !facts.latest || facts.latest.step !== 'delivered' || !facts.latest.deliveredOn)
    return refuse('conflict', 'You can ask for an exchange once your order is delivered.');
  if (facts.states.some((state) => OPEN_EXCHANGE_STATES.includes(state)))
    return refuse('conflict', 'You have already asked for an exchange of this order. You can ask again once it is settled.');
  const until = addDays(facts.latest.deliveredOn, windowDays);
  if (todayInIndia(now) > until)
    return refuse(
      'conflict',
      `Exchanges can be asked for within ${windowDays} days of delivery. This order was delivered on ` +
        `${formatIndianDay(facts.latest.deliveredOn)}, so the last day was ${formatIndianDay(until)}.`,
    );
  return { shipment: facts.latest.shipment, until };
}

/** The facts of `exchangeWindow` from the order's stream. */
export function factsOf(order: OrderState, shipments: Map<number, ShipmentState>, exchanges: ExchangeRecord[]): ExchangeFacts {
  const latest = [...shipments.values()].sort((a, b) => b.shipment - a.shipment)[0];
  return {
    status: order.status,
    refunded: order.refunded,
    latest: latest && { shipment: latest.shipment, step: latest.step, deliveredOn: latest.deliveredOn },
    states: exchanges.map((exchange) => exchange.state),
  };
}

export interface ExchangeAsk {
  reason: ExchangeReason;
  note: string;
  productId: string;
  product: { name: string; brand: string; images: string[]; pricePaise: number };
}

/** The order line an exchange replaces: its product, variant group, quantity and the price of a unit when ordered. */
export interface OrderedLine {
  productId: string;
  variantGroup: string | null;
  quantity: number;
  unitPricePaise: number;
}

const ANOTHER_VERSION = 'Choose the product you ordered or another version of it.';

/**
 * Whether `product` may replace the ordered line (docs/decisions/0025): the same product, or another version of it
 * (the same variant group) that is sold today at the price paid for a unit, has been on sale (not one still to be
 * released), and has the units. A sentence for the member otherwise; the same product is always allowed (no stock
 * for it refunds the member at approval instead).
 */
export function replacementRefusal(line: OrderedLine, product: ProductForOrder | undefined, now: Date): string | undefined {
  if (product?.id === line.productId) return undefined;
  if (!product || !line.variantGroup || product.variantGroup !== line.variantGroup) return ANOTHER_VERSION;
  if (!product.isEnabled) return `${product.name} is no longer sold, so it cannot replace your order. ${ANOTHER_VERSION}`;
  if (product.saleStartAt && new Date(product.saleStartAt) > now)
    return `${product.name} goes on sale on ${indianDate(new Date(product.saleStartAt))}, so it cannot replace your order yet. ${ANOTHER_VERSION}`;
  if (product.pricePaise !== line.unitPricePaise)
    return (
      `A replacement must cost what you paid for yours (${formatRupees(line.unitPricePaise)}), and ${product.name} costs ` +
      `${formatRupees(product.pricePaise)}. Choose the product you ordered or a version at the same price.`
    );
  if (product.available < line.quantity) return `${product.name} is out of stock. ${ANOTHER_VERSION}`;
  return undefined;
}

/** The member's request: refused with a sentence, or the event that records it (its id numbered within the order). */
export function decideExchangeRequest(
  order: OrderState,
  shipments: Map<number, ShipmentState>,
  exchanges: ExchangeRecord[],
  ask: ExchangeAsk,
  now: Date,
  windowDays: number,
): { events: OrderEvent[]; exchangeId: string } | { refusal: Refusal } {
  // Recorded with the member as its actor (the order is theirs: the command found it among their own).
  const window = exchangeWindow(factsOf(order, shipments, exchanges), now, windowDays);
  if ('refusal' in window) return window;
  const exchangeId = `${order.orderId}-X${exchanges.length + 1}`;
  const data = { orderId: order.orderId, memberId: order.memberId, exchangeId, shipment: window.shipment, ...ask };
  return { exchangeId, events: [{ type: 'ExchangeRequested', data }] };
}

const DECIDED: Record<ExchangeState, string> = {
  requested: '',
  approving: 'This exchange was already approved: its replacement is being taken from stock.',
  approved: 'This exchange was already approved.',
  replacement_shipped: 'This exchange was already approved, and its replacement has shipped.',
  delivered: 'This exchange was already approved, and its replacement delivered.',
  refused: 'This exchange was already refused.',
  refunding: 'This exchange was already settled with a refund.',
  refunded: 'This exchange was already settled with a refund.',
  refund_failed: 'This exchange was already settled with a refund, which the payment gateway failed.',
};

/**
 * Whether an operator's decision applies: only a requested exchange is decided, and only once. The same decision
 * again (a double click) changes nothing, except that an approval whose stock step did not finish (`approving`, the
 * process stopped midway) is carried on (`resume`); the other decision is refused with what happened.
 */
export function decisionApplies(
  exchange: ExchangeRecord | undefined,
  decision: 'approve' | 'refuse',
  refusalReason?: string,
): 'apply' | 'resume' | 'done' | Refusal {
  if (!exchange) return { kind: 'not_found', message: 'Exchange not found' };
  if (exchange.state === 'requested') return 'apply';
  if (decision === 'refuse' && exchange.state === 'refused' && exchange.refusalReason === refusalReason) return 'done';
  if (decision === 'approve' && exchange.state === 'approving') return 'resume';
  if (decision === 'approve' && exchange.state !== 'refused') return 'done';
  return { kind: 'conflict', message: DECIDED[exchange.state] };
}

/** The approval's first event: the decision, with the replacement's shipment number (its stock is taken after). */
export function decideApprovalStart(order: OrderState, exchange: ExchangeRecord, shipments: Map<number, ShipmentState>): OrderEvent {
  const data = { orderId: order.orderId, memberId: order.memberId, exchangeId: exchange.exchangeId };
  return { type: 'ExchangeApprovalStarted', data: { ...data, shipment: nextShipment(shipments), productId: exchange.productId } };
}

/** The next shipment number of an order: the replacement's. */
export const nextShipment = (shipments: Map<number, ShipmentState>) => Math.max(0, ...shipments.keys()) + 1;

/** The last day a replacement approved now ships (India's calendar). */
export const shipsBy = (now: Date, withinDays: number) => addDays(todayInIndia(now), withinDays);

/** The key of the catalog hold that takes a replacement's stock: one per replacement shipment. */
export const replacementHoldKey = (orderId: string, shipment: number) => `${orderId}-R${shipment}`;
