import { EXCHANGE_WINDOW_DAYS, type FulfilmentView } from './fulfilment.js';

/**
 * Exchanges (issue 20, docs/decisions/0025): from a delivered order, within 7 days of delivery, the member asks for
 * an exchange; an operator approves or refuses it; an approved exchange ships a replacement (another shipment of the
 * same order, with the same fulfilment steps) within 15 days, or refunds the member when none is in stock.
 * The policy's numbers in one place: the orders service's settings default to them, and the pages read the last day
 * to ask from the server rather than count it themselves.
 */
export const EXCHANGE_POLICY = {
  /** Days after delivery (India's calendar) on which an exchange may still be asked for; the last day included. */
  windowDays: EXCHANGE_WINDOW_DAYS,
  /** Calendar days from approval within which the replacement ships (spec section 9). */
  replacementShipsWithinDays: 15,
  /** Longest note a member may write with their request, and an operator with a refusal. */
  noteMaxLength: 500,
  refusalMaxLength: 300,
} as const;

/** Why a member asks: the exchange policy's three cases. */
export const EXCHANGE_REASONS = ['damaged', 'defective', 'not_as_ordered'] as const;
export type ExchangeReason = (typeof EXCHANGE_REASONS)[number];

export const EXCHANGE_REASON_LABELS: Record<ExchangeReason, string> = {
  damaged: 'Arrived damaged',
  defective: 'Defective or not working',
  not_as_ordered: 'Not what I ordered',
};

/**
 * Where an exchange stands: asked for, then approved (a replacement is on its way to being shipped) or refused; an
 * approved one becomes replacement shipped and delivered with its shipment's steps, or, when no replacement could
 * be found, refunding until the payment gateway settles the refund, then refunded (or refund failed: the money did
 * not go back and an operator must act). `approving`: an operator's approval is recorded and its replacement's
 * stock is being taken (docs/decisions/0025): the decision is taken before any stock moves, so a refusal at the same
 * moment is refused, never half-applied.
 */
export const EXCHANGE_STATES = [
  'requested',
  'approving',
  'approved',
  'refused',
  'replacement_shipped',
  'delivered',
  'refunding',
  'refunded',
  'refund_failed',
] as const;
export type ExchangeState = (typeof EXCHANGE_STATES)[number];

export const EXCHANGE_STATE_LABELS: Record<ExchangeState, string> = {
  requested: 'Requested',
  approving: 'Being approved',
  approved: 'Approved',
  refused: 'Refused',
  replacement_shipped: 'Replacement shipped',
  delivered: 'Delivered',
  refunding: 'Refunding',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
};

/** An exchange still waiting for a decision or for its replacement: an order line has at most one. */
export const OPEN_EXCHANGE_STATES: readonly ExchangeState[] = ['requested', 'approving', 'approved', 'replacement_shipped'];

/** An exchange settled with a refund, whatever became of it: the order cannot be exchanged again. */
export const REFUND_EXCHANGE_STATES: readonly ExchangeState[] = ['refunding', 'refunded', 'refund_failed'];

/** The operators' Open queue: the open exchanges, and those whose refund failed (an operator must act). */
export const QUEUE_OPEN_EXCHANGE_STATES: readonly ExchangeState[] = [...OPEN_EXCHANGE_STATES, 'refund_failed'];

/** One exchange as the member's order page and the operators' queue read it. */
export interface ExchangeView {
  exchange_id: string;
  order_id: string;
  state: ExchangeState;
  reason: ExchangeReason;
  note: string;
  requested_at: string;
  decided_at: string | null;
  refusal_reason: string | null;
  /**
   * The product the member asked for: the one ordered, or another version of it at the same price. `price`: its
   * price in rupees when asked for (null for requests recorded before it was kept, 2026-11-28).
   */
  product: { id: string; name: string; brand: string; images: string[]; price: number | null };
  /** The last day the replacement ships (YYYY-MM-DD), once approved. */
  ships_by: string | null;
  /** The replacement's own shipment and its steps, once approved (null before, and when refunded). */
  replacement: { shipment: number; fulfilment: FulfilmentView } | null;
  refund: { refund_id: string; amount: number } | null;
}

/** What the order page needs to offer an exchange: whether it may be asked for now, and until which day. */
export interface ExchangeOffer {
  /** The last day an exchange may be asked for (YYYY-MM-DD), while the delivered shipment is within its window. */
  available_until: string | null;
  /** Why the button is not there, when the order was delivered but an exchange cannot be asked for now. */
  unavailable_reason: string | null;
  /** The order's variant group, if any: the member may pick another version of it for the replacement. */
  variant_group: string | null;
}
