import type { FulfilmentStepRequest } from '@elts/contracts';
import type { Refusal } from '@elts/platform';
import type { OrdersContext } from './context.js';
import { onOrder } from './on-order.js';

export type FulfilmentOutcome = { orderId: string; refusal?: Refusal };

/**
 * An operator's next step for one shipment of an order (its own goods, or an exchange's replacement), recorded on the order's stream with the operator as the
 * events' actor (the back office's audit log reads it from there). The decision is made on the stream inside the
 * appending transaction, and made again if another writer got there first, so two operators moving the same order
 * at once record one step, not two.
 */
export async function fulfilOrder(
  context: OrdersContext,
  actor: string,
  orderId: string,
  request: FulfilmentStepRequest,
  now = context.clock.now(),
): Promise<FulfilmentOutcome> {
  const { refusal } = await onOrder(
    context,
    orderId,
    { kind: 'fulfil', request, now, exchangeWindowDays: context.settings.EXCHANGE_WINDOW_DAYS },
    { metadata: { actor } },
  );
  return refusal ? { orderId, refusal } : { orderId };
}
