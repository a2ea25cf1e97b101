import type { FulfilmentStepRequest } from '@elts/contracts';
import { type Refusal, refusal, retryOnConcurrency } from '@elts/platform';
import { decideFulfilment, foldShipments } from '../domain/fulfilment.js';
import { foldOrder, orderStream } from '../domain/order.js';
import { type OrdersContext, recordOrder } from './context.js';

export type FulfilmentOutcome = { orderId: string; refusal?: Refusal };

const NOT_FOUND = refusal('not_found', 'Order not found');

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
  return retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const history = await unit.readStream(orderStream(orderId));
      const order = foldOrder(history);
      if (!order) return { orderId, refusal: NOT_FOUND };
      const decision = decideFulfilment(
        order,
        foldShipments(history),
        request,
        now,
        request.shipment,
        context.settings.EXCHANGE_WINDOW_DAYS,
      );
      if ('refusal' in decision) return { orderId, refusal: decision.refusal };
      const events = decision.events.map((event) => ({ ...event, metadata: { actor } }));
      await recordOrder(unit, orderStream(orderId), history.length, events);
      return { orderId };
    }),
  );
}
