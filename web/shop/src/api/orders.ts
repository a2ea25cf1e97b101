import type { DeliveryAddress, ExchangeOffer, ExchangeRequest, ExchangeView, FulfilmentView, RefundChoice } from '@elts/contracts';
import { ApiError, apiRequest, readMemberSession } from '@elts/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCurrentSubscription } from './subscription.js';

/** `POST /product/order`'s body: the spec's order payload (section 3). */
export interface ProductOrderRequest {
  amount: number;
  customer_email: string;
  customer_phone: string;
  first_name: string;
  last_name: string;
  product_id: string;
  quantity: 1;
  description: string;
  return_url: string;
  shipping_address: DeliveryAddress;
  billing_address: DeliveryAddress;
}

/** What ordering answers: where to pay, and (additions of this product) through which gateway and for how much. */
export interface PlacedOrder {
  order_id: string;
  payment_session_id?: string | null;
  payment_link?: string | null;
  gateway?: string;
  amount?: number;
  credit_applied?: number;
}

/**
 * A new `Idempotency-Key` for one Confirm Order attempt (the orders service reads that header: 8 to 100 letters,
 * digits, - or _). Built from getRandomValues, which unlike randomUUID also exists on a plain-http address.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `order-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Whether a Confirm Order attempt that ended in `error` may have placed an order all the same (no answer, or the
 * server failed mid-way): the next press then repeats it with the same key and gets that order, never a second one.
 * A refusal (4xx) placed nothing, so the next press is a new attempt.
 */
export function mayHavePlaced(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 0;
}

export async function placeProductOrder(body: ProductOrderRequest, idempotencyKey: string): Promise<PlacedOrder> {
  const envelope = await apiRequest<PlacedOrder>('/product/order', {
    method: 'POST',
    body,
    token: readMemberSession().token,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (!envelope.data?.order_id) throw new ApiError(envelope.error ?? envelope.message ?? 'Unknown error', 200);
  return envelope.data;
}

/** An order card of the history (`data.orders[]`, spec section 3 "Order (history)"). Amounts in rupees. */
export interface OrderSummary {
  order_id: string;
  status: string;
  amount: number;
  amount_paise?: number;
  created_at: string;
  product?: { name?: string; brand?: string; category?: string; images?: string[] } | null;
  payment_info?: { transaction_id?: string | null; payment_method?: string | null } | null;
  shipping_address?: { name?: string; city?: string } | null;
  /** A paid order's way to the member: its steps, courier and expected day (an addition, docs/decisions/0023). */
  fulfilment?: FulfilmentView | null;
  /** Cancelled as out of stock: how the money comes back (an addition, docs/decisions/0024). */
  refund?: OrderRefundView | null;
}

export interface OrderPagination {
  current_page: number;
  total_pages: number;
  total_items?: number;
  has_prev: boolean;
  has_next: boolean;
}

export interface OrderHistoryPage {
  orders: OrderSummary[];
  pagination: OrderPagination;
}

/** The history's filters; `all` sends no status (empty filters are not sent). */
export const ORDER_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'completed', label: 'Completed' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number]['value'];

export const ORDERS_PAGE_SIZE = 10;

/** The Orders section's words for each way loading the history can fail (spec section 8). */
export function orderHistoryError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Session expired. Please login again.';
    return error.message.startsWith('Request failed') ? 'Failed to fetch orders' : error.message;
  }
  if (error instanceof Error && error.message === NO_SESSION) return 'Please login to view your orders';
  return 'Failed to load orders. Please try again.';
}

const NO_SESSION = 'no session';

export function useOrderHistory(page: number, filter: OrderFilter) {
  const token = readMemberSession().token;
  return useQuery({
    queryKey: ['orders', 'history', filter, page],
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      // No order call is made without a session token (spec section 5).
      if (!token) throw new Error(NO_SESSION);
      const status = filter === 'all' ? '' : `&status=${filter}`;
      const envelope = await apiRequest<OrderHistoryPage>(`/product/orders/user?page=${page}&limit=${ORDERS_PAGE_SIZE}${status}`, {
        token,
        signal,
      });
      if (!envelope.data) throw new ApiError(envelope.error ?? 'Failed to fetch orders', 200);
      return envelope.data;
    },
  });
}

/**
 * Whether the member has any order at all (one row of the history is enough): undefined until asked and answered,
 * and never asked while `enabled` is false. A failed answer counts as unknown.
 */
export function useHasOrders(enabled: boolean): boolean | undefined {
  const token = readMemberSession().token;
  const answer = useQuery({
    queryKey: ['orders', 'any'],
    enabled: enabled && Boolean(token),
    retry: false,
    queryFn: async ({ signal }) => {
      const envelope = await apiRequest<OrderHistoryPage>('/product/orders/user?page=1&limit=1', { token, signal });
      return (envelope.data?.orders.length ?? 0) > 0;
    },
  });
  return answer.data;
}

/** One product order for the Order Status page (`GET /product/order/{id}` and its gateway check). */
export interface ProductOrderDetail {
  order_id: string;
  status: string | null;
  transaction_id?: string | null;
  payment_method?: string | null;
  amount?: number | null;
  amount_paise?: number;
  credit_applied?: number;
  last_updated?: string | null;
  product?: { id?: string; name?: string; brand?: string; category?: string; images?: string[] } | null;
  payment_details?: { txn_id?: string | null; payment_method?: string | null } | null;
  /** The order's payment: its status (success, pending, processing, failed) and when it settled (additions). */
  payment_info?: {
    transaction_id?: string | null;
    payment_method?: string | null;
    status?: string | null;
    processed_at?: string | null;
  } | null;
  payment_status?: string | null;
  customer_info?: { name?: string } | null;
  local_order?: { shipping_address?: Partial<DeliveryAddress> | null } | null;
  error?: string | null;
  /** While the payment is open: when it fails by itself, and the payment timeout it was given (additions). */
  payment_expires_at?: string | null;
  payment_timeout_seconds?: number | null;
  /** A paid order's way to the member (an addition, docs/decisions/0023). */
  fulfilment?: FulfilmentView | null;
  /** Its exchanges, and whether one may be asked for now (additions, docs/decisions/0025). */
  exchanges?: ExchangeView[];
  exchange?: ExchangeOffer;
  /** Cancelled as out of stock: how the money comes back (an addition, docs/decisions/0024). */
  refund?: OrderRefundView | null;
}

/** An out-of-stock cancellation on the member's order (docs/decisions/0024). */
export interface OrderRefundView {
  /** `refund_failed` (the gateway failed it; operators act on it) reads as still on its way to the member. */
  state: 'awaiting_choice' | 'refunding' | 'refunded' | 'refund_failed';
  reason: string;
  amount_paise: number;
  choice_by: string;
  choice: RefundChoice | null;
  chosen_by: 'member' | 'deadline' | null;
}

/** The member's choice for an order cancelled as out of stock; a refusal is the server's sentence. */
export async function chooseRefund(orderId: string, choice: RefundChoice): Promise<string> {
  const envelope = await apiRequest<unknown>(`/product/order/${encodeURIComponent(orderId)}/refund`, {
    method: 'POST',
    body: { choice },
    token: readMemberSession().token,
  });
  return envelope.message ?? '';
}

/** Asks for an exchange of a delivered order (docs/decisions/0025); a refusal is the server's sentence. */
export async function requestExchange(orderId: string, body: ExchangeRequest): Promise<ExchangeView> {
  const envelope = await apiRequest<ExchangeView>(`/product/order/${encodeURIComponent(orderId)}/exchange`, {
    method: 'POST',
    body,
    token: readMemberSession().token,
  });
  if (!envelope.data) throw new ApiError(envelope.message ?? 'Failed to request an exchange', 200);
  return envelope.data;
}

export function fetchProductOrder(orderId: string, signal?: AbortSignal): Promise<ProductOrderDetail> {
  return orderCall(`/product/order/${encodeURIComponent(orderId)}`, signal);
}

/** Asks the payment gateway now and settles the order with its answer. */
export function fetchGatewayStatus(orderId: string, signal?: AbortSignal): Promise<ProductOrderDetail> {
  return orderCall(`/product/order/${encodeURIComponent(orderId)}/gateway-status`, signal);
}

async function orderCall(path: string, signal?: AbortSignal): Promise<ProductOrderDetail> {
  const envelope = await apiRequest<ProductOrderDetail>(path, { token: readMemberSession().token, ...(signal ? { signal } : {}) });
  if (!envelope.data) throw new ApiError(envelope.message ?? 'Failed to fetch order status', 200);
  return envelope.data;
}

/**
 * The member's membership credit balance in paise: `credit_balance_paise`, an addition to `GET /subscription/current`,
 * read from the same query the Subscription section uses so both stay in step.
 */
export function useMembershipCredit() {
  const current = useCurrentSubscription();
  const balance = (current.data as { credit_balance_paise?: number } | undefined)?.credit_balance_paise;
  return { isPending: current.isPending, data: current.data ? (balance ?? 0) : undefined };
}
