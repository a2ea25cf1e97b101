import { catalogEvents, StockAdjusted } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { OrdersContext } from '../commands/context.js';
import { serveWaitlistFromRestock } from '../waitlist/hand-over.js';

/**
 * Units an operator adds to a product go to its waitlist first (issue 33 item 3): one reservation per unit for the
 * members waiting, in turn. A step: it calls the catalog, so it runs outside a transaction, and is idempotent per event.
 */
export function restocksConsumer(context: OrdersContext) {
  return new EventConsumer('orders.restocks', catalogEvents, context.db).step(StockAdjusted, async (data, event) => {
    const added = data.available - data.previousAvailable;
    if (added <= 0) return;
    await serveWaitlistFromRestock(context, { key: `restock:${event.eventId}`, productId: data.productId, units: added });
    // What the waiting members did not take is on sale: this instance stops answering it sold out from memory (the
    // others' memory is a second long).
    context.gate.unitsBack();
  });
}
