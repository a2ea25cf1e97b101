import type { EventsOf, paymentsEvents } from '@elts/contracts';
import type { Recorded, StoredEvent } from '@elts/platform';

/** The events of payments' streams, typed by their contracts: a misspelt field in a decision or a fold does not compile. */
export type PaymentsEvent = EventsOf<typeof paymentsEvents>;

/** One of them, by its type. */
export type PaymentsEventOf<T extends PaymentsEvent['type']> = Extract<PaymentsEvent, { type: T }>;

/**
 * A stream's events as the folds read them. The store decodes every event it reads through the payments registry
 * (its schema, after any upcasting), so the data is what the contract's type says.
 */
export const asPaymentsEvents = (history: readonly StoredEvent[]) => history as readonly Recorded<PaymentsEvent>[];
