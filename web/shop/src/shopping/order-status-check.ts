import { ApiError, readMemberSession } from '@elts/ui';
import { fetchGatewayStatus, fetchProductOrder, type OrderDetail } from '../api/orders.js';

/** How long 'Status updated: {STATUS}' and the check's errors stay (spec section 9: status message 3 s). */
export const STATUS_MESSAGE_MS = 3000;

export type StatusCheck = { ok: true; order: OrderDetail; message: string } | { ok: false; message: string };

/** Check Latest Status on an order card: asks the gateway, in the spec's words for each outcome. */
export async function checkLatestStatus(orderId: string): Promise<StatusCheck> {
  if (!readMemberSession().token) return { ok: false, message: 'Please login to check order status' };
  try {
    const order = await fetchGatewayStatus(orderId);
    return { ok: true, order, message: `Status updated: ${(order.status ?? 'pending').toUpperCase()}` };
  } catch (error) {
    return {
      ok: false,
      message:
        error instanceof ApiError ? 'Failed to check latest status. Please try again.' : 'Error checking latest status. Please try again.',
    };
  }
}

export type OrderRecheck = { ok: true; order: OrderDetail } | { ok: false; message: string };

/**
 * Check Latest Status on the Order Status page (spec 'Order page logic'): the gateway first, the local lookup if the
 * gateway check fails. Only when that fallback has no answer either is the member told the gateway check failed.
 */
export async function recheckOrder(
  orderId: string,
  ask: { gateway: (id: string) => Promise<OrderDetail>; local: (id: string) => Promise<OrderDetail> } = {
    gateway: fetchGatewayStatus,
    local: fetchProductOrder,
  },
): Promise<OrderRecheck> {
  try {
    return { ok: true, order: await ask.gateway(orderId) };
  } catch {
    try {
      return { ok: true, order: await ask.local(orderId) };
    } catch {
      return { ok: false, message: 'Failed to fetch order status from gateway' };
    }
  }
}
