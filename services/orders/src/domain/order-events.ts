import type { EventsOf, ordersEvents } from '@elts/contracts';
import type { Recorded, StoredEvent } from '@elts/platform';

/** The events of orders' streams, typed by their contracts: a misspelt field in a decision or a fold does not compile. */
export type OrderEvent = EventsOf<typeof ordersEvents>;

/**
 * A stream's events as the folds read them. The store decodes every event it reads through the orders registry (its
 * schema, after any upcasting), so the data is what the contract's type says.
 */
export const asOrderEvents = (history: readonly StoredEvent[]) => history as readonly Recorded<OrderEvent>[];
