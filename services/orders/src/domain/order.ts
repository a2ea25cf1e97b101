import { GST_PROFESSIONS, type OrderStatus, type Profession } from '@elts/contracts';
import type { NewEvent, StoredEvent } from '@elts/platform';

export interface OrderState {
  orderId: string;
  memberId: string;
  productId: string;
  quantity: number;
  amountPaise: number;
  status: OrderStatus;
  paymentId: string | null;
  refunded: boolean;
}

export const orderStream = (orderId: string) => `order-${orderId}`;

export function foldOrder(events: StoredEvent[]): OrderState | undefined {
  let state: OrderState | undefined;
  for (const { type, data } of events as StoredEvent<any>[]) {
    if (type === 'OrderPlaced') {
      state = {
        orderId: data.orderId,
        memberId: data.memberId,
        productId: data.productId,
        quantity: data.quantity,
        amountPaise: data.amountPaise,
        status: 'pending',
        paymentId: null,
        refunded: false,
      };
    } else if (state) {
      if (type === 'OrderPaymentStarted') state = { ...state, paymentId: data.paymentId };
      if (type === 'OrderCompleted') state = { ...state, status: 'completed' };
      if (type === 'OrderFailed') state = { ...state, status: 'failed' };
      if (type === 'OrderRefunded') state = { ...state, refunded: true };
    }
  }
  return state;
}

/** Students and working professionals buy one of a product; startups, businesses and institutions with a GSTIN up to a limit. */
export function maxQuantity(profession: Profession | null, gst: string, businessLimit: number): number {
  return profession && GST_PROFESSIONS.includes(profession) && gst ? businessLimit : 1;
}

export function decideCompletion(
  state: OrderState,
  payment: { paymentId: string; transactionId: string | null; method: string | null },
): NewEvent[] {
  // A completed order stays completed; a failed one completes when its payment came late and its stock was kept.
  if (state.status === 'completed' || state.refunded) return [];
  return [
    {
      type: 'OrderCompleted',
      data: {
        orderId: state.orderId,
        memberId: state.memberId,
        productId: state.productId,
        quantity: state.quantity,
        amountPaise: state.amountPaise,
        paymentId: payment.paymentId,
        transactionId: payment.transactionId,
        method: payment.method,
      },
    },
  ];
}

export function decideFailure(state: OrderState, stage: 'stock' | 'payment' | 'timeout', reason: string): NewEvent[] {
  if (state.status === 'completed' || state.status === 'failed') return [];
  return [{ type: 'OrderFailed', data: { orderId: state.orderId, memberId: state.memberId, productId: state.productId, stage, reason } }];
}

export function decideRefund(state: OrderState, refundId: string, reason: string): NewEvent[] {
  if (state.refunded) return [];
  return [
    { type: 'OrderRefunded', data: { orderId: state.orderId, memberId: state.memberId, refundId, amountPaise: state.amountPaise, reason } },
  ];
}
