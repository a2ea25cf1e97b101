import type { EventDefinition, EventRegistry } from '@elts/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { decodeEvent } from '../events/event-store.js';
import type { StoredEvent } from '../events/types.js';
import type { EventBus, Subscription } from './event-bus.js';

type Handler<DB, Data> = (data: Data, event: StoredEvent<Data>, trx: Transaction<DB>) => Promise<void>;
type Step<Data> = (data: Data, event: StoredEvent<Data>) => Promise<void>;

/**
 * Reactions of one consumer group to one source service's events, one handler per event type. Each event is applied
 * inside a transaction that also records its id in `processed_events`, so an event delivered twice (a redelivery,
 * a relay that republished after a crash, two instances racing) changes nothing the second time. Types without a
 * handler are acknowledged and skipped.
 */
export class EventConsumer<DB> {
  private readonly handlers = new Map<string, Handler<DB, unknown>>();
  private readonly steps = new Map<string, Step<unknown>>();

  constructor(
    readonly group: string,
    readonly source: EventRegistry,
    private readonly db: Kysely<DB>,
  ) {}

  on<Def extends EventDefinition>(definition: Def, handler: Handler<DB, import('zod').output<Def['schema']>>): this {
    this.claim(definition.type);
    this.handlers.set(definition.type, handler as Handler<DB, unknown>);
    return this;
  }

  /**
   * A reaction that calls other services (a saga step). It runs outside any transaction, because holding one while
   * another service answers would block the shared PGlite session; so it must be idempotent itself (the calls it
   * makes are keyed, and what it records checks its own state). The event is marked done only after it succeeds.
   */
  step<Def extends EventDefinition>(definition: Def, step: Step<import('zod').output<Def['schema']>>): this {
    this.claim(definition.type);
    this.steps.set(definition.type, step as Step<unknown>);
    return this;
  }

  private claim(type: string): void {
    if (!this.source.has(type)) throw new Error(`${this.group}: ${type} is not an event of ${this.source.service}`);
    if (this.handlers.has(type) || this.steps.has(type)) throw new Error(`${this.group}: two handlers for ${type}`);
  }

  /** The event types this group reacts to. */
  get types(): string[] {
    return [...this.handlers.keys(), ...this.steps.keys()];
  }

  /** Applies one event; returns false when it had been applied before or has no handler. */
  async handle(raw: StoredEvent): Promise<boolean> {
    const step = this.steps.get(raw.type);
    if (step) return this.runStep(step, raw);
    const handler = this.handlers.get(raw.type);
    if (!handler) return false;
    const event = decodeEvent(this.source, raw);
    return this.db.transaction().execute(async (trx) => {
      const inserted = await sql`insert into processed_events (consumer, event_id) values (${this.group}, ${event.eventId})
        on conflict do nothing returning event_id`.execute(trx);
      if (inserted.rows.length === 0) return false;
      await handler(event.data, event, trx);
      return true;
    });
  }

  private async runStep(step: Step<unknown>, raw: StoredEvent): Promise<boolean> {
    const done = await sql`select 1 from processed_events where consumer = ${this.group} and event_id = ${raw.eventId}`.execute(this.db);
    if (done.rows.length > 0) return false;
    const event = decodeEvent(this.source, raw);
    await step(event.data, event);
    await sql`insert into processed_events (consumer, event_id) values (${this.group}, ${event.eventId}) on conflict do nothing`.execute(
      this.db,
    );
    return true;
  }

  /** Forgets everything this group applied, so the bus delivers the source's whole history again. */
  async reset(bus: EventBus): Promise<void> {
    await sql`delete from processed_events where consumer = ${this.group}`.execute(this.db);
    await bus.reset(this.group, this.source.service);
  }

  pending(bus: EventBus): Promise<number> {
    return bus.pending(this.group, this.source.service);
  }

  subscribe(bus: EventBus, options: { maxAttempts?: number } = {}): Promise<Subscription> {
    return bus.subscribe({
      group: this.group,
      source: this.source.service,
      types: this.types,
      handle: async (event) => {
        await this.handle(event);
      },
      ...options,
    });
  }
}
