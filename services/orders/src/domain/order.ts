import { GST_PROFESSIONS, type OrderStatus, type Profession } from '@elts/contracts';
import type { StoredEvent } from '@elts/platform';
import { asOrderEvents } from './order-events.js';

export interface OrderState {
  orderId: string;
  memberId: string;
  productId: string;
  quantity: number;
  amountPaise: number;
  /** Membership credit the order spent (its price less what it charged at the gateway). */
  creditPaise: number;
  status: OrderStatus;
  paymentId: string | null;
  refunded: boolean;
  /** Paid, then cancelled as out of stock: a payment's success heard again must not complete it. */
  cancelledAfterPayment: boolean;
}

export const orderStream = (orderId: string) => `order-${orderId}`;

export function foldOrder(events: readonly StoredEvent[]): OrderState | undefined {
  let state: OrderState | undefined;
  for (const event of asOrderEvents(events)) {
    if (event.type === 'OrderPlaced') {
      const { orderId, memberId, productId, quantity, amountPaise, creditPaise } = event.data;
      state = {
        orderId,
        memberId,
        productId,
        quantity,
        amountPaise,
        creditPaise,
        status: 'pending',
        paymentId: null,
        refunded: false,
        cancelledAfterPayment: false,
      };
    } else if (state) {
      if (event.type === 'OrderPaymentStarted') {
        const { paymentId, amountPaise, creditPaise } = event.data;
        state = { ...state, paymentId };
        // A reservation's price is settled when its checkout opens: the credit spent, and what is left to pay.
        if (typeof amountPaise === 'number') state = { ...state, amountPaise, creditPaise: creditPaise ?? 0 };
      }
      if (event.type === 'OrderCompleted') state = { ...state, status: 'completed' };
      if (event.type === 'OrderFailed') state = { ...state, status: event.data.stage === 'cancelled' ? 'cancelled' : 'failed' };
      if (event.type === 'OrderRefunded') state = { ...state, refunded: true };
      // Paid, then cancelled by an operator because it cannot be fulfilled (domain/out-of-stock.ts).
      if (event.type === 'OrderCancelledOutOfStock') state = { ...state, status: 'cancelled', cancelledAfterPayment: true };
    }
  }
  return state;
}

/**
 * Students and working professionals (and anyone who has not said, or a business without a GSTIN) buy one of each
 * product: one unit in an order, and one order of it at a time that is not failed or cancelled (spec section 1).
 * Startups, businesses and institutions with a GSTIN may buy more.
 */
export function buysOneOfEach(profession: Profession | null, gst: string): boolean {
  return !(profession && GST_PROFESSIONS.includes(profession) && gst);
}

/** Most units of one product in one order: one, or up to the business limit (ORDER_MAX_QUANTITY). */
export function maxQuantity(profession: Profession | null, gst: string, businessLimit: number): number {
  return buysOneOfEach(profession, gst) ? 1 : businessLimit;
}

/** Statuses of an order that still holds its product for the member: waiting for payment, or paid. */
export const UNPAID_STATUSES = ['pending', 'processing'] as const;
export const KEPT_STATUSES = [...UNPAID_STATUSES, 'completed'] as const;
