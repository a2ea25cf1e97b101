import { REFUND_CREDIT, type RefundChoice, type RefundChooser } from '@elts/contracts';
import { type Refusal, type RefusalKind, refusal, type StoredEvent } from '@elts/platform';
import { ORDER_SHIPMENT, type ShipmentState } from './fulfilment.js';
import type { OrderState } from './order.js';
import { asOrderEvents, type OrderEvent } from './order-events.js';
import type { RefundStatus } from './refunds.js';

/**
 * The out-of-stock cancellation's decisions, free of I/O (docs/decisions/0024); its I/O is in
 * commands/out-of-stock.ts and its one timer (the choice deadline) is a row of orders' timers table, like the order
 * saga's backstop. An operator cancels a paid order that cannot be fulfilled; the member chooses a fund transfer (a
 * refund to the original payment method) or credits; without an answer by the deadline the fund transfer is made.
 */

/** How long the member has to choose: three days from the cancellation (REFUND_CHOICE_SECONDS by default). */
export const CHOICE_DAYS = 3;

export interface OutOfStockState {
  amountPaise: number;
  creditPaise: number;
  reason: string;
  choiceBy: Date;
  choice: RefundChoice | null;
  chosenBy: RefundChooser | null;
  /** Whether credits were offered (the membership was active at the cancellation). */
  creditsOffered: boolean;
  /** The money went back (OrderRefunded after the cancellation). */
  refunded: boolean;
}

/** The cancellation of an order's stream, if it was cancelled as out of stock. */
export function foldOutOfStock(events: readonly StoredEvent[]): OutOfStockState | undefined {
  let state: OutOfStockState | undefined;
  for (const event of asOrderEvents(events)) {
    if (event.type === 'OrderCancelledOutOfStock') {
      const { amountPaise, creditPaise, reason, choiceBy, creditsOffered } = event.data;
      state = {
        amountPaise,
        creditPaise,
        reason,
        choiceBy: new Date(choiceBy),
        choice: null,
        chosenBy: null,
        creditsOffered,
        refunded: false,
      };
    } else if (state && event.type === 'OrderRefundChosen') state = { ...state, choice: event.data.choice, chosenBy: event.data.by };
    else if (state && event.type === 'OrderRefunded') state = { ...state, refunded: true };
  }
  return state;
}

export type Decision = { events: OrderEvent[] } | { refusal: Refusal };

const refuse = (kind: RefusalKind, message: string): Decision => ({ refusal: refusal(kind, message) });

const TIME_PASSED = 'The time to choose has passed: the amount is refunded to your original payment method.';

export const CHOICE_WORDS: Record<RefundChoice, string> = { fund_transfer: 'a fund transfer', credits: 'credits' };

/**
 * An operator cancels a paid order as out of stock: refused unless it is paid and its goods have not left (shipped
 * or delivered). Asked again, it changes nothing. Credits are offered only to a member whose membership is active
 * (`membershipActive`): credits pay part of later orders, which only members place. Without them there is nothing to
 * choose, and the fund transfer is chosen at once.
 */
export function decideCancellation(
  order: OrderState,
  shipments: Map<number, ShipmentState>,
  cancelled: OutOfStockState | undefined,
  reason: string,
  now: Date,
  membershipActive: boolean,
  choiceSeconds = CHOICE_DAYS * 86_400,
): Decision {
  if (cancelled) return { events: [] };
  if (order.refunded || order.status === 'cancelled') return refuse('conflict', 'This order was already cancelled.');
  if (order.status !== 'completed') return refuse('conflict', 'Only a paid order can be cancelled as out of stock.');
  const step = shipments.get(ORDER_SHIPMENT)?.step;
  if (step === 'shipped' || step === 'delivered')
    return refuse('conflict', `This order was already ${step}, so it cannot be cancelled as out of stock.`);
  const choiceBy = new Date(now.getTime() + choiceSeconds * 1000);
  return {
    events: [
      {
        type: 'OrderCancelledOutOfStock',
        data: {
          orderId: order.orderId,
          memberId: order.memberId,
          productId: order.productId,
          amountPaise: order.amountPaise,
          creditPaise: order.creditPaise,
          reason,
          choiceBy: choiceBy.toISOString(),
          creditsOffered: membershipActive,
        },
      },
      ...(membershipActive
        ? []
        : [
            {
              type: 'OrderRefundChosen' as const,
              data: { orderId: order.orderId, memberId: order.memberId, choice: 'fund_transfer' as const, by: 'no_membership' as const },
            },
          ]),
    ],
  };
}

/**
 * The member's choice, or the deadline's. The member may choose once, until the deadline; the same choice again
 * changes nothing. The deadline chooses the fund transfer only when nobody chose. Credits only with an active
 * membership (`membershipActive`, now): they could not be spent otherwise.
 */
export function decideChoice(
  order: OrderState,
  cancelled: OutOfStockState | undefined,
  choice: RefundChoice,
  by: 'member' | 'deadline',
  now: Date,
  membershipActive = true,
): Decision {
  if (!cancelled) return refuse('not_found', 'This order is not waiting for a refund choice.');
  if (cancelled.choice) {
    if (by === 'deadline' || cancelled.choice === choice) return { events: [] };
    // The member did not choose: the deadline did, so the member is told the time passed, not that they chose.
    if (cancelled.chosenBy === 'deadline') return refuse('conflict', TIME_PASSED);
    if (cancelled.chosenBy === 'no_membership') return refuse('conflict', REFUND_CREDIT.notUsable);
    return refuse('conflict', `You already chose ${CHOICE_WORDS[cancelled.choice]} for this order.`);
  }
  if (by === 'member' && now > cancelled.choiceBy) return refuse('conflict', TIME_PASSED);
  if (choice === 'credits' && !(cancelled.creditsOffered && membershipActive)) return refuse('conflict', REFUND_CREDIT.notUsable);
  return { events: [{ type: 'OrderRefundChosen', data: { orderId: order.orderId, memberId: order.memberId, choice, by } }] };
}

/** What is left to do once a choice is recorded: give the money back the chosen way, or nothing. */
export function refundMove(cancelled: OutOfStockState | undefined): RefundChoice | 'nothing' {
  if (!cancelled?.choice || cancelled.refunded) return 'nothing';
  return cancelled.choice;
}

/**
 * The order's record that the money is going back the way chosen, with what the payments service answered: a fund
 * transfer may still be with the gateway (`pending`), credits are given at once (`success`).
 */
export function decideRefunded(order: OrderState, cancelled: OutOfStockState, refundId: string, status: RefundStatus): OrderEvent[] {
  if (cancelled.refunded || !cancelled.choice) return [];
  return [
    {
      type: 'OrderRefunded',
      data: {
        orderId: order.orderId,
        memberId: order.memberId,
        refundId,
        amountPaise: cancelled.amountPaise,
        reason: cancelled.reason,
        method: cancelled.choice,
        kind: 'out_of_stock',
        refundStatus: status,
      },
    },
  ];
}
