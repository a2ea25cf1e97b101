import type { EventBus, EventConsumer, Subscription } from '@elts/platform';

/**
 * Subscribes a consumer and calls `applied` after each event it applied has committed: the moment the in-memory
 * board may be told, since a rebuild started earlier could still read the old rows.
 */
export function subscribeThen<DB>(consumer: EventConsumer<DB>, bus: EventBus, applied: (type: string) => void): Promise<Subscription> {
  return bus.subscribe({
    group: consumer.group,
    source: consumer.source.service,
    types: consumer.types,
    handle: async (event) => {
      if (await consumer.handle(event)) applied(event.type);
    },
  });
}
