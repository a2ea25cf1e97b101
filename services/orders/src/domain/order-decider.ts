import type { FulfilmentStepRequest, RefundChoice } from '@elts/contracts';
import { type Decider, type Recorded, type Refusal, refusal } from '@elts/platform';
import { decideApprovalStart, decideExchangeRequest, decisionApplies, type ExchangeAsk, foldExchanges } from './exchanges.js';
import { decideFulfilment, foldShipments } from './fulfilment.js';
import { foldOrder } from './order.js';
import type { OrderEvent } from './order-events.js';
import { decideCancellation, decideChoice, decideRefunded, foldOutOfStock } from './out-of-stock.js';
import {
  decideRefundSettled,
  decideRetried,
  decideRetryChoice,
  foldRefunds,
  type RefundOutcome,
  type RefundStatus,
  refundStatusNow,
} from './refunds.js';

/**
 * The order's stream after placement (docs/decisions/0161): its fulfilment, its exchanges, its out-of-stock
 * cancellation and every refund, decided through one decider. Its state is the stream's events, typed by their
 * contracts: the order's views (`foldOrder`, `foldShipments`, `foldExchanges`, `foldRefunds`, `foldOutOfStock`) are
 * folds over them that placement and the reads share.
 */
export type OrderHistory = readonly Recorded<OrderEvent>[];

/** A refund payments answered: its id, and settled or still with the gateway. */
type RefundAnswer = { refundId: string; status: RefundStatus };

export type OrderCommand =
  /** An operator's next step for one shipment (the order's own goods, or an exchange's replacement). */
  | { kind: 'fulfil'; request: FulfilmentStepRequest; now: Date; exchangeWindowDays: number }
  /** An operator cancels a paid order that cannot be fulfilled; the member then chooses how the money comes back. */
  | { kind: 'cancel-out-of-stock'; reason: string; now: Date; membershipActive: boolean; choiceSeconds: number }
  /** The member's choice, or the deadline's (the fund transfer, when nobody chose). */
  | { kind: 'choose-refund'; choice: RefundChoice; by: 'member' | 'deadline'; now: Date; membershipActive?: boolean }
  /** The out-of-stock refund was made (payments' answer, or the credits' grant). */
  | { kind: 'record-out-of-stock-refund'; refund: RefundAnswer }
  /** A failed refund made good: the way chosen, then the new refund made. */
  | { kind: 'choose-refund-retry'; retryOf: string; method: RefundChoice; membershipActive: boolean }
  | { kind: 'record-refund-retry'; retryOf: string; refund: RefundAnswer }
  /** Payments settled one of the order's refunds (a refund of anything else is not the order's: nothing). */
  | { kind: 'record-refund-outcome'; refundId: string; outcome: RefundOutcome }
  /** The member asks for an exchange of their delivered order. */
  | { kind: 'request-exchange'; ask: ExchangeAsk; now: Date; exchangeWindowDays: number }
  /** An operator's decision on an exchange; an approval is recorded before any stock moves. */
  | { kind: 'approve-exchange'; exchangeId: string }
  | { kind: 'refuse-exchange'; exchangeId: string; reason: string }
  /** How an approval ended, once, while the exchange is being approved: its replacement taken, or the order refunded. */
  | { kind: 'finish-exchange'; exchangeId: string; shipsBy: string }
  | { kind: 'refund-exchange'; exchangeId: string; amountPaise: number; reason: string; refund: RefundAnswer };

const NOT_FOUND = refusal('not_found', 'Order not found');

/** Decided on the order's stream as the folds see it; a refusal keeps the kind and words the domain gave it. */
function decideOrder(command: OrderCommand, history: OrderHistory): OrderEvent[] | Refusal {
  const order = foldOrder(history);
  // A refund payments settled for something that is not an order of ours (a membership's) is not recorded.
  if (!order) return command.kind === 'record-refund-outcome' ? [] : NOT_FOUND;
  const events = history;
  const exchange = 'exchangeId' in command ? foldExchanges(events).find((each) => each.exchangeId === command.exchangeId) : undefined;
  const outcome = (decision: { events: OrderEvent[] } | { refusal: Refusal }) =>
    'refusal' in decision ? decision.refusal : decision.events;
  switch (command.kind) {
    case 'fulfil':
      return outcome(
        decideFulfilment(order, foldShipments(events), command.request, command.now, command.request.shipment, command.exchangeWindowDays),
      );
    case 'cancel-out-of-stock': {
      const { reason, now, membershipActive, choiceSeconds } = command;
      return outcome(
        decideCancellation(order, foldShipments(events), foldOutOfStock(events), reason, now, membershipActive, choiceSeconds),
      );
    }
    case 'choose-refund':
      return outcome(decideChoice(order, foldOutOfStock(events), command.choice, command.by, command.now, command.membershipActive));
    case 'record-out-of-stock-refund': {
      const cancelled = foldOutOfStock(events);
      return cancelled ? decideRefunded(order, cancelled, command.refund.refundId, refundStatusNow(events, command.refund)) : [];
    }
    case 'choose-refund-retry': {
      const decision = decideRetryChoice(order, foldRefunds(events), command);
      return decision === 'same' ? [] : decision;
    }
    case 'record-refund-retry':
      return decideRetried(order, events, command.retryOf, command.refund);
    case 'record-refund-outcome':
      return decideRefundSettled(order, events, command.refundId, command.outcome);
    case 'request-exchange':
      return outcome(
        decideExchangeRequest(order, foldShipments(events), foldExchanges(events), command.ask, command.now, command.exchangeWindowDays),
      );
    case 'approve-exchange': {
      const applies = decisionApplies(exchange, 'approve');
      if (typeof applies === 'object') return applies;
      // Done already, or recorded and carried on by its stock step: nothing more to record.
      return applies === 'apply' && exchange ? [decideApprovalStart(order, exchange, foldShipments(events))] : [];
    }
    case 'refuse-exchange': {
      const applies = decisionApplies(exchange, 'refuse', command.reason);
      if (typeof applies === 'object') return applies;
      if (applies === 'done') return [];
      const { exchangeId, reason } = command;
      return [{ type: 'ExchangeRefused', data: { orderId: order.orderId, memberId: order.memberId, exchangeId, reason } }];
    }
    case 'finish-exchange':
    case 'refund-exchange': {
      if (exchange?.state !== 'approving' || !exchange.replacementShipment) return [];
      const { exchangeId } = command;
      const ids = { orderId: order.orderId, memberId: order.memberId, exchangeId };
      if (command.kind === 'finish-exchange') {
        const data = { ...ids, shipment: exchange.replacementShipment, productId: exchange.productId, shipsBy: command.shipsBy };
        return [{ type: 'ExchangeApproved', data }];
      }
      const { amountPaise, reason, refund } = command;
      // Payments' answer, unless its settlement was already heard (the gateway settled before this was recorded).
      const refundStatus = refundStatusNow(events, refund);
      return [{ type: 'ExchangeRefunded', data: { ...ids, refundId: refund.refundId, amountPaise, reason, refundStatus } }];
    }
  }
}

export const orderDecider: Decider<OrderHistory, OrderCommand, OrderEvent> = {
  initialState: () => [],
  evolve: (history, event) => [...history, event],
  decide: decideOrder,
};
