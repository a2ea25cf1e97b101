import { API, type DataOf, type RefundChoice, type RequestOf } from '@elts/contracts';
import { ApiError, callOperation, readMemberSession } from '@elts/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCurrentSubscription } from './subscription.js';

/** `POST /product/order`'s body: the order payload as the orders service reads it (spec section 3). */
export type OrderBody = RequestOf<typeof API.placeOrder>['body'];

/** What ordering answers: a unit reserved for the member, and until when it may be paid (issue 33). */
export type OrderPlacement = DataOf<typeof API.placeOrder>;

/** What Pay now answers: where to pay, through which gateway and for how much (credit taken off). */
export type OpenedCheckout = DataOf<typeof API.orderCheckout>;

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

export async function placeProductOrder(body: OrderBody, idempotencyKey: string): Promise<OrderPlacement> {
  const envelope = await callOperation(
    API.placeOrder,
    { body },
    { token: readMemberSession().token, headers: { 'Idempotency-Key': idempotencyKey } },
  );
  if (!envelope.data?.order_id) throw new ApiError(envelope.message ?? 'Unknown error', 200);
  return envelope.data;
}

/** Pay now: opens (or opens again) the checkout of a reserved order. */
export async function openOrderCheckout(orderId: string): Promise<OpenedCheckout> {
  const envelope = await callOperation(API.orderCheckout, { params: { id: orderId } }, { token: readMemberSession().token });
  if (!envelope.data?.payment_session_id) throw new ApiError(envelope.message ?? 'Unknown error', 200);
  return envelope.data;
}

/** Cancel: gives an unpaid reservation's unit and credit back at once. */
export async function cancelProductOrder(orderId: string): Promise<void> {
  await callOperation(API.cancelOrder, { params: { id: orderId } }, { token: readMemberSession().token });
}

/** A page of the member's order history (`data`), and one order card of it (spec section 3 "Order (history)"). */
export type OrderHistory = DataOf<typeof API.orderHistory>;
export type OrderCard = OrderHistory['orders'][number];

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
      const status = filter === 'all' ? undefined : filter;
      const envelope = await callOperation(API.orderHistory, { query: { page, limit: ORDERS_PAGE_SIZE, status } }, { token, signal });
      if (!envelope.data) throw new ApiError('Failed to fetch orders', 200);
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
      const envelope = await callOperation(API.orderHistory, { query: { page: 1, limit: 1 } }, { token, signal });
      return (envelope.data?.orders.length ?? 0) > 0;
    },
  });
  return answer.data;
}

/**
 * One product order for the Order Status page: `GET /product/order/{id}` answers it with its exchanges and refund,
 * its gateway check (`/gateway-status`) without them.
 */
export type OrderDetail = DataOf<typeof API.orderGatewayStatus> &
  Partial<Pick<DataOf<typeof API.orderStatus>, 'exchanges' | 'exchange' | 'refund' | 'refunds'>>;

/** One refund of an order, whatever caused it (issue 32). */
export type OrderRefundLine = DataOf<typeof API.orderStatus>['refunds'][number];

/** An out-of-stock cancellation on the member's order (docs/decisions/0024). */
export type OrderRefund = NonNullable<DataOf<typeof API.orderStatus>['refund']>;

/** The member's choice for an order cancelled as out of stock; a refusal is the server's sentence. */
export async function chooseRefund(orderId: string, choice: RefundChoice): Promise<string> {
  const envelope = await callOperation(
    API.chooseRefund,
    { params: { id: orderId }, body: { choice } },
    { token: readMemberSession().token },
  );
  return envelope.message ?? '';
}

/** Takes a refund the gateway failed as membership credit instead; a refusal is the server's sentence. */
export async function takeRefundAsCredits(orderId: string, refundId: string): Promise<string> {
  const envelope = await callOperation(API.refundAsCredits, { params: { id: orderId, refundId } }, { token: readMemberSession().token });
  return envelope.message ?? '';
}

/** Asks for an exchange of a delivered order (docs/decisions/0025); a refusal is the server's sentence. */
export async function requestExchange(
  orderId: string,
  body: RequestOf<typeof API.requestExchange>['body'],
): Promise<DataOf<typeof API.requestExchange>> {
  const envelope = await callOperation(API.requestExchange, { params: { id: orderId }, body }, { token: readMemberSession().token });
  if (!envelope.data) throw new ApiError(envelope.message ?? 'Failed to request an exchange', 200);
  return envelope.data;
}

export async function fetchProductOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  const envelope = await callOperation(
    API.orderStatus,
    { params: { id: orderId } },
    { token: readMemberSession().token, ...(signal ? { signal } : {}) },
  );
  if (!envelope.data) throw new ApiError(envelope.message ?? 'Failed to fetch order status', 200);
  return envelope.data;
}

/** Asks the payment gateway now and settles the order with its answer. */
export async function fetchGatewayStatus(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  const envelope = await callOperation(
    API.orderGatewayStatus,
    { params: { id: orderId } },
    { token: readMemberSession().token, ...(signal ? { signal } : {}) },
  );
  if (!envelope.data) throw new ApiError(envelope.message ?? 'Failed to fetch order status', 200);
  return envelope.data;
}

/**
 * The member's membership credit balance in paise: `credit_balance_paise`, an addition to `GET /subscription/current`,
 * read from the same query the Subscription section uses so both stay in step.
 */
export function useMembershipCredit() {
  const current = useCurrentSubscription();
  return { isPending: current.isPending, data: current.data?.credit_balance_paise };
}
