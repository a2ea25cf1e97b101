import { SESSION_KEYS } from '@elts/ui';

/** The order the /order page should look up when the member comes back from paying. */
export function rememberOrder(orderId: string, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(SESSION_KEYS.currentOrderId, orderId);
  storage.setItem(SESSION_KEYS.orderType, 'product');
}
