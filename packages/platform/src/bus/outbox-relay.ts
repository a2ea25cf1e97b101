import { randomUUID } from 'node:crypto';
import { type Generated, type Kysely, sql } from 'kysely';
import { readRawEventsAfter } from '../events/event-store.js';
import type { StoredEvent } from '../events/types.js';
import type { Logger } from '../logging/logger.js';
import type { Outbox } from './event-bus.js';
import { Wakeup, yieldToEventLoop } from './wakeup.js';

export interface RelayOptions {
  outbox: Outbox;
  name: string;
  publish(event: StoredEvent): Promise<void>;
  logger: Logger;
  batchSize?: number;
  pollMs?: number;
  leaseSeconds?: number;
}

interface RelayTables {
  relay_checkpoints: { name: string; position: number; leader: string | null; lease_until: Date | null; updated_at: Generated<Date> };
}

/**
 * Publishes a service's events past its checkpoint. The checkpoint moves only after the broker has acknowledged
 * a batch, so a crash mid-batch republishes from the last checkpoint; the broker drops the repeats by message id.
 * Among several instances of a service, one holds a short lease and publishes; the others stand by, and take over
 * when the lease runs out. No transaction is held open while publishing (PGlite has a single session).
 */
export class OutboxRelay {
  private readonly id = randomUUID();
  private readonly wakeup = new Wakeup();
  private running = false;
  private loop: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: RelayOptions) {}

  private get db(): Kysely<RelayTables> {
    return this.options.outbox.db as unknown as Kysely<RelayTables>;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.options.outbox.onAppend(() => this.wakeup.wake());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wakeup.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    const pollMs = this.options.pollMs ?? 500;
    while (this.running) {
      let published = 0;
      try {
        published = await this.runOnce();
      } catch (error) {
        this.options.logger.warn({ err: error, relay: this.options.name }, 'relay pass failed; will retry');
      }
      if (published === 0 && this.running) await this.wakeup.wait(pollMs);
      else await yieldToEventLoop();
    }
  }

  /** One pass: claim or renew the lease, publish one batch, move the checkpoint. Returns how many were published. */
  async runOnce(): Promise<number> {
    const { name, batchSize = 200, leaseSeconds = 15 } = this.options;
    await this.db
      .insertInto('relay_checkpoints')
      .values({ name, position: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const claimed = await this.db
      .updateTable('relay_checkpoints')
      .set({
        leader: this.id,
        lease_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('leader', '=', this.id), eb('leader', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
      .returning('position')
      .executeTakeFirst();
    if (!claimed) return 0;
    const events = await readRawEventsAfter(this.options.outbox.db, this.options.outbox.service, claimed.position, batchSize);
    for (const event of events) await this.options.publish(event);
    const last = events.at(-1);
    if (!last) return 0;
    await this.db
      .updateTable('relay_checkpoints')
      .set({ position: last.position, updated_at: sql<Date>`now()` })
      .where('name', '=', name)
      .where('leader', '=', this.id)
      .where('position', '<', last.position)
      .execute();
    return events.length;
  }
}
