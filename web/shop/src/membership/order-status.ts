import { type DataOf, type OperationTable, orderKindOf } from '@elts/contracts';
import { SESSION_KEYS } from '@elts/ui';
import { ORDER_COPY } from './copy.js';

export type OrderType = 'product' | 'subscription';

/** `GET /subscription/mandate-status/{order_id}`'s answer. */
type MandateStatusAnswer = DataOf<OperationTable['mandateStatus']>;

/** What the order page knows about an order: the callback's query fields or the server's mandate-status answer. */
export interface OrderInfo extends Partial<Omit<MandateStatusAnswer, 'order_id' | 'status'>> {
  order_id: string;
  /** Lower-cased; `pending` when the server gave none. */
  status: string;
  /** The gateway's own status id, which only its callback brings. */
  status_id?: string;
}

/**
 * Where `/order` takes its order from (spec section 4, "Order page logic"). `type` is undefined when neither the id
 * nor the session can say whether it is a product order or a membership: the page then asks the server.
 */
export type OrderSource =
  | { kind: 'callback'; type: OrderType | undefined; info: OrderInfo; message: string }
  | { kind: 'lookup'; type: OrderType | undefined; orderId: string }
  | { kind: 'missing'; message: string };

const CALLBACK_FIELDS = ['mandate_status', 'mandate_id', 'status_id', 'transaction_id', 'error'] as const;

export const normaliseStatus = (status: string | null | undefined) => (status ?? '').trim().toLowerCase() || 'pending';

export type StatusClass = 'success' | 'failed' | 'other';

/** success, completed or active: success; failed, cancelled or error: failed; anything else is still under way. */
export function classifyStatus(status: string): StatusClass {
  if (status === 'success' || status === 'completed' || status === 'active') return 'success';
  if (status === 'failed' || status === 'cancelled' || status === 'error') return 'failed';
  return 'other';
}

/** The line the page shows for a status the payment callback brought. */
export function callbackMessage(status: string, type: OrderType): string {
  const subscription = type === 'subscription';
  switch (status) {
    case 'success':
    case 'completed':
    case 'active':
      return subscription ? 'Payment successful. Your UPI AutoPay mandate is active.' : 'Payment successful. Your order is confirmed.';
    case 'failed':
      return 'Payment failed. No money was taken.';
    case 'cancelled':
      return 'Payment was cancelled.';
    default:
      return `Payment status updated: ${status}.`;
  }
}

/**
 * Which kind of order an id is: by how it was minted (ORD- product, MEM- membership), else by the session when it
 * remembers this very id with its type. Never by a default: a guess sends a product order to the mandate lookup.
 */
export function orderTypeOf(orderId: string, session: Pick<Storage, 'getItem'>): OrderType | undefined {
  const minted = orderKindOf(orderId);
  if (minted) return minted;
  if (session.getItem(SESSION_KEYS.currentOrderId)?.trim() !== orderId) return undefined;
  const stored = session.getItem(SESSION_KEYS.orderType);
  return stored === 'product' || stored === 'subscription' ? stored : undefined;
}

/**
 * A callback with both `status` and `order_id` is used as it is; otherwise the URL's `order_id` is looked up, or
 * failing that the order the session remembers (the address always wins: the session may still hold an earlier
 * order); failing both, the callback's error, or the spec's "no order information" message.
 */
export function resolveOrderSource(query: URLSearchParams, session: Pick<Storage, 'getItem'>): OrderSource {
  const queryOrderId = query.get('order_id')?.trim();
  const queryStatus = query.get('status');
  if (queryOrderId && queryStatus) {
    const type = orderTypeOf(queryOrderId, session);
    const status = normaliseStatus(queryStatus);
    const info: OrderInfo = { order_id: queryOrderId, status };
    for (const field of CALLBACK_FIELDS) {
      const value = query.get(field);
      if (value) info[field] = value;
    }
    return { kind: 'callback', type, info, message: info.error ?? callbackMessage(status, type ?? 'subscription') };
  }
  const orderId = queryOrderId || session.getItem(SESSION_KEYS.currentOrderId)?.trim();
  if (orderId) return { kind: 'lookup', type: orderTypeOf(orderId, session), orderId };
  const error = query.get('error');
  if (error) return { kind: 'missing', message: error };
  const typeWithoutOrder = session.getItem(SESSION_KEYS.orderType);
  return { kind: 'missing', message: typeWithoutOrder ? ORDER_COPY.noOrderInSession : ORDER_COPY.noOrder };
}

/** The mandate-status answer as the page shows it. */
export function orderInfoFrom(orderId: string, data: MandateStatusAnswer): OrderInfo {
  return { ...data, order_id: data.order_id || orderId, status: normaliseStatus(data.status) };
}

/** Remembers the order a checkout is about to pay, for `/order` to look up when the payment returns. */
export function rememberOrder(orderId: string, type: OrderType, session: Pick<Storage, 'setItem'> = sessionStorage): void {
  session.setItem(SESSION_KEYS.currentOrderId, orderId);
  session.setItem(SESSION_KEYS.orderType, type);
}

export function forgetOrder(session: Pick<Storage, 'removeItem'> = sessionStorage): void {
  session.removeItem(SESSION_KEYS.currentOrderId);
  session.removeItem(SESSION_KEYS.orderType);
}
