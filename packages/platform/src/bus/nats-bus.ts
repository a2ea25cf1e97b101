import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  jetstream,
  jetstreamManager,
  StorageType,
} from '@nats-io/jetstream';
import { type NatsConnection, nanos } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { StoredEvent } from '../events/types.js';
import type { Logger } from '../logging/logger.js';
import {
  DEFAULT_MAX_ATTEMPTS,
  type DeadLetter,
  deadLetterSubject,
  decodeWireEvent,
  type EventBus,
  encodeEvent,
  type Outbox,
  retryDelayMs,
  retryPlan,
  type SubscribeOptions,
  type Subscription,
  sanitizeToken,
} from './event-bus.js';
import { OutboxRelay } from './outbox-relay.js';

export interface NatsBusOptions {
  url: string;
  logger: Logger;
  /** Name shown in the server's connection list. */
  connectionName: string;
  /** Tests isolate themselves on a shared server by prefixing every subject and stream. */
  namespace?: string;
  retryBaseMs?: number;
  relayPollMs?: number;
  ackWaitMs?: number;
  /** Messages each instance pulls ahead; small values spread a burst across instances. */
  prefetch?: number;
}

/**
 * One event of a group in flight at a time, across all its instances: the relay publishes in commit order, and
 * handlers assume it (a profile update applies to the row its registration made). Two instances taking the next
 * events in parallel would apply them out of order; a retried event would be overtaken by the ones after it.
 */
const IN_FLIGHT = 1;
const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

/**
 * The distributed bus on NATS JetStream: one stream per service (`events.<service>.>`), the event id as message id
 * so a republished event is dropped by the server, durable pull consumers with explicit acks shared by every
 * instance of a group, redelivery with backoff, and a dead-letter stream (`deadletter.>`).
 */
export class NatsBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly relays: OutboxRelay[] = [];
  private readonly consumers = new Set<() => Promise<void>>();
  private connected = true;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsBusOptions,
  ) {
    void this.watchStatus();
  }

  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    const nc = await connect({
      servers: options.url.split(','),
      name: options.connectionName,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
    });
    const jsm = await jetstreamManager(nc);
    const bus = new NatsBus(nc, jetstream(nc), jsm, options);
    await bus.ensureStream(bus.deadLetterStream, [bus.subject('deadletter.>')]);
    return bus;
  }

  private async watchStatus(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect') this.connected = false;
      if (status.type === 'reconnect') this.connected = true;
    }
  }

  private subject(name: string): string {
    return `${this.options.namespace ?? ''}${name}`;
  }

  private streamName(service: string): string {
    return `${this.streamPrefix()}EVENTS_${sanitizeToken(service).toUpperCase()}`;
  }

  private get deadLetterStream(): string {
    return `${this.streamPrefix()}DEADLETTERS`;
  }

  private streamPrefix(): string {
    return this.options.namespace ? sanitizeToken(this.options.namespace) : '';
  }

  private async ensureStream(name: string, subjects: string[]): Promise<void> {
    try {
      await this.jsm.streams.info(name);
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
      try {
        await this.jsm.streams.add({ name, subjects, storage: StorageType.File, duplicate_window: nanos(DUPLICATE_WINDOW_MS) });
      } catch (addError) {
        // Another process created it a moment ago.
        await this.jsm.streams.info(name).catch(() => {
          throw addError;
        });
      }
    }
  }

  async attachOutbox(outbox: Outbox): Promise<void> {
    await this.ensureStream(this.streamName(outbox.service), [this.subject(`events.${outbox.service}.>`)]);
    const relay = new OutboxRelay({
      outbox,
      name: `nats:${this.options.namespace ?? ''}`,
      logger: this.options.logger,
      pollMs: this.options.relayPollMs ?? 500,
      publish: async (event: StoredEvent) => {
        await this.js.publish(this.subject(`events.${event.service}.${event.type}`), encodeEvent(event), {
          msgID: event.eventId,
          timeout: 5000,
        });
      },
    });
    this.relays.push(relay);
    relay.start();
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const stream = this.streamName(options.source);
    await this.ensureStream(stream, [this.subject(`events.${options.source}.>`)]);
    const durable = sanitizeToken(`${options.group}__${options.source}`);
    try {
      const info = await this.jsm.consumers.info(stream, durable);
      // Consumers made before events were delivered one at a time are brought in line.
      if (info.config.max_ack_pending !== IN_FLIGHT) await this.jsm.consumers.update(stream, durable, { max_ack_pending: IN_FLIGHT });
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
      await this.jsm.consumers.add(stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: this.subject(`events.${options.source}.>`),
        ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
        max_deliver: -1,
        max_ack_pending: IN_FLIGHT,
      });
    }
    const consumer = await this.js.consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: this.options.prefetch ?? 50 });
    const loop = (async () => {
      for await (const message of messages) await this.handleMessage(message, options);
    })();
    const stop = async () => {
      messages.stop();
      await loop.catch(() => {});
    };
    this.consumers.add(stop);
    return {
      stop: async () => {
        this.consumers.delete(stop);
        await stop();
      },
    };
  }

  private async handleMessage(message: JsMsg, options: SubscribeOptions): Promise<void> {
    const attempt = message.info.deliveryCount;
    let event: StoredEvent | undefined;
    try {
      event = decodeWireEvent(message.string());
      await options.handle(event);
      message.ack();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const plan = retryPlan(error, attempt, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, this.options.retryBaseMs);
      if (plan !== 'dead-letter') {
        this.options.logger.warn({ err: error, group: options.group, attempt }, 'event handling failed; will retry');
        message.nak(plan.delayMs);
        return;
      }
      this.options.logger.error({ err: error, group: options.group, attempt }, 'event dead-lettered');
      const subject = event
        ? deadLetterSubject(options.group, event)
        : `deadletter.${sanitizeToken(options.group)}.${options.source}.unreadable`;
      try {
        await this.js.publish(
          this.subject(subject),
          JSON.stringify({ group: options.group, subject, error: reason, attempts: attempt, event: event ?? message.string() }),
        );
        // No reason on the TERM: servers before 2.10 do not read one, and would leave the message pending.
        message.term();
      } catch (publishError) {
        // Could not park it: leave it to be redelivered rather than lose it.
        this.options.logger.error({ err: publishError }, 'could not publish dead letter');
        message.nak(retryDelayMs(attempt, this.options.retryBaseMs));
      }
    }
  }

  async deadLetters(group: string): Promise<DeadLetter[]> {
    const stream = this.deadLetterStream;
    const info = await this.jsm.consumers.add(stream, {
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.subject(`deadletter.${sanitizeToken(group)}.>`),
      inactive_threshold: nanos(30_000),
    });
    try {
      const consumer = await this.js.consumers.get(stream, info.name);
      const pending = info.num_pending;
      const letters: DeadLetter[] = [];
      while (letters.length < pending) {
        const batch = await consumer.fetch({ max_messages: Math.min(500, pending - letters.length), expires: 2000 });
        let got = 0;
        for await (const message of batch) {
          got++;
          const body = JSON.parse(message.string()) as DeadLetter & { event: StoredEvent & { recordedAt: string } };
          letters.push({ ...body, event: { ...body.event, recordedAt: new Date(body.event.recordedAt) } });
        }
        if (got === 0) break;
      }
      return letters;
    } finally {
      await this.jsm.consumers.delete(stream, info.name).catch(() => {});
    }
  }

  async reset(group: string, source: string): Promise<void> {
    // The durable consumer holds the group's place; without it, the next subscription starts from the first event.
    await this.jsm.consumers.delete(this.streamName(source), sanitizeToken(`${group}__${source}`)).catch((error) => {
      if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
    });
  }

  async pending(group: string, source: string): Promise<number> {
    try {
      const info = await this.jsm.consumers.info(this.streamName(source), sanitizeToken(`${group}__${source}`));
      return info.num_pending + info.num_ack_pending;
    } catch (error) {
      if (isApiError(error, JetStreamApiCodes.StreamNotFound)) return 0;
      if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
      // No durable consumer yet (or after a reset): its first subscription will receive the whole stream.
      return (await this.jsm.streams.info(this.streamName(source))).state.messages;
    }
  }

  async ping(): Promise<void> {
    if (!this.connected || this.nc.isClosed()) throw new Error('NATS is not connected');
    await this.nc.flush();
  }

  async close(): Promise<void> {
    await Promise.all(this.relays.map((relay) => relay.stop()));
    await Promise.all([...this.consumers].map((stop) => stop()));
    this.consumers.clear();
    await this.nc.drain().catch(() => this.nc.close());
  }
}
