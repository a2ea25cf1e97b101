import { randomUUID } from 'node:crypto';
import type { EventRegistry } from '@elts/contracts';
import { type Generated, type Kysely, sql, type Transaction } from 'kysely';
import { currentRequestId } from '../logging/request-context.js';
import { ConcurrencyError, type ExpectedVersion, type NewEvent, type StoredEvent } from './types.js';

interface EventRow {
  position: number;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: StoredEvent['metadata'];
  recorded_at: Date;
}

export interface EventTables {
  events: {
    position: Generated<number>;
    event_id: string;
    stream_id: string;
    stream_version: number;
    type: string;
    schema_version: number;
    data: unknown;
    metadata: unknown;
    recorded_at: Generated<Date>;
  };
}

/** After a commit: the last position it appended, and the types of the events it appended. */
export type AppendListener = (lastPosition: number, types: ReadonlySet<string>) => void;

/** What a unit of work sees: the transaction for its own writes, and append into the same transaction. */
export interface UnitOfWork<DB> {
  db: Transaction<DB>;
  /** Reads inside the transaction (with PGlite's single session, reading through the pool would wait forever). */
  readStream(streamId: string): Promise<StoredEvent[]>;
  append(streamId: string, expected: ExpectedVersion, events: NewEvent[]): Promise<StoredEvent[]>;
}

/**
 * The service's event streams on its own schema. Appends take a transaction-scoped advisory lock, so events commit
 * in position order: a reader that has seen position N will never later find a committed event below N. That costs
 * one writer at a time per service, which is far below anything this product needs (see docs/decisions).
 */
export class EventStore<DB = unknown> {
  private readonly listeners = new Set<AppendListener>();

  constructor(
    readonly db: Kysely<DB>,
    readonly registry: EventRegistry,
  ) {}

  get service(): string {
    return this.registry.service;
  }

  /** Runs `work` in one transaction; projections written there commit or roll back with the events. */
  async transact<T>(work: (unit: UnitOfWork<DB>) => Promise<T>): Promise<T> {
    let lastPosition = 0;
    const types = new Set<string>();
    const result = await this.db.transaction().execute((trx) =>
      work({
        db: trx,
        readStream: (streamId) => this.readStreamFrom(trx as unknown as Kysely<EventTables>, streamId, 1),
        append: async (streamId, expected, events) => {
          const stored = await this.appendWithin(trx as unknown as Transaction<EventTables>, streamId, expected, events);
          lastPosition = Math.max(lastPosition, stored.at(-1)?.position ?? 0);
          for (const event of stored) types.add(event.type);
          return stored;
        },
      }),
    );
    if (lastPosition > 0) for (const listener of this.listeners) listener(lastPosition, types);
    return result;
  }

  append(streamId: string, expected: ExpectedVersion, events: NewEvent[]): Promise<StoredEvent[]> {
    return this.transact((unit) => unit.append(streamId, expected, events));
  }

  /** Called after each commit that appended events, in this process. Lets local readers skip their poll delay. */
  onAppend(listener: AppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async appendWithin(
    trx: Transaction<EventTables>,
    streamId: string,
    expected: ExpectedVersion,
    events: NewEvent[],
  ): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    const encoded = events.map((event) => ({ event, ...this.registry.encode(event.type, event.data) }));
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.events'))`.execute(trx);
    // An expected version needs no read of the stream's (every caller passes the version it read, a new stream 0):
    // should a rival have appended since, it holds the next version, and the unique stream version refuses this
    // insert below. At a drop that read was two statements of every reservation.
    const current = expected === 'any' ? await this.version(trx, streamId) : expected;
    try {
      const rows = await trx
        .insertInto('events')
        .values(
          encoded.map(({ event, schemaVersion, data }, index) => ({
            event_id: event.eventId ?? randomUUID(),
            stream_id: streamId,
            stream_version: current + index + 1,
            type: event.type,
            schema_version: schemaVersion,
            data: JSON.stringify(data),
            metadata: JSON.stringify(withCorrelation(event.metadata)),
          })),
        )
        .returningAll()
        .execute();
      return rows.map((row) => this.toStored(row as EventRow, false));
    } catch (error) {
      // Two writers of one version collide on the unique stream version. The failed insert has aborted the
      // transaction, so the stream's version can no longer be read in it.
      if ((error as { code?: string }).code === '23505' && String((error as Error).message).includes('stream_version')) {
        throw new ConcurrencyError(streamId, expected);
      }
      throw error;
    }
  }

  private async version(db: Kysely<EventTables>, streamId: string): Promise<number> {
    const row = await db
      .selectFrom('events')
      .select((eb) => eb.fn.max('stream_version').as('version'))
      .where('stream_id', '=', streamId)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  streamVersion(streamId: string): Promise<number> {
    return this.version(this.db as unknown as Kysely<EventTables>, streamId);
  }

  readStream(streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
    return this.readStreamFrom(this.db as unknown as Kysely<EventTables>, streamId, fromVersion);
  }

  private async readStreamFrom(db: Kysely<EventTables>, streamId: string, fromVersion: number): Promise<StoredEvent[]> {
    const rows = await db
      .selectFrom('events')
      .selectAll()
      .where('stream_id', '=', streamId)
      .where('stream_version', '>=', fromVersion)
      .orderBy('stream_version')
      .execute();
    return rows.map((row) => this.toStored(row as EventRow, true));
  }

  /** Every event after a global position, in order, upcast to the current schemas: for rebuilding projections. */
  async readAll(afterPosition: number, limit = 500): Promise<StoredEvent[]> {
    const raw = await readRawEventsAfter(this.db as unknown as Kysely<EventTables>, this.service, afterPosition, limit);
    return raw.map((event) => decodeEvent(this.registry, event));
  }

  private toStored(row: EventRow, decode: boolean): StoredEvent {
    const raw = rowToEvent(this.service, row);
    return decode ? decodeEvent(this.registry, raw) : raw;
  }
}

/**
 * Events after a position exactly as stored (data in the schema version it was written with). This is what
 * travels on the bus: each consumer upcasts with the registry its own code knows.
 */
export async function readRawEventsAfter(
  db: Kysely<EventTables>,
  service: string,
  afterPosition: number,
  limit: number,
  only?: { types: readonly string[]; upTo: number },
): Promise<StoredEvent[]> {
  let query = db.selectFrom('events').selectAll().where('position', '>', afterPosition);
  if (only) query = query.where('position', '<=', only.upTo).where('type', 'in', only.types.length > 0 ? [...only.types] : ['']);
  const rows = await query.orderBy('position').limit(limit).execute();
  return rows.map((row) => rowToEvent(service, row as EventRow));
}

/** The position of the latest committed event (0 when there is none). */
export async function readHeadPosition(db: Kysely<EventTables>): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('position').as('head'))
    .executeTakeFirst();
  return Number(row?.head ?? 0);
}

export function decodeEvent(registry: EventRegistry, event: StoredEvent): StoredEvent {
  return {
    ...event,
    data: registry.decode(event.type, event.schemaVersion, event.data),
    schemaVersion: registry.currentVersion(event.type),
  };
}

function rowToEvent(service: string, row: EventRow): StoredEvent {
  return {
    service,
    position: row.position,
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata ?? {},
    recordedAt: row.recorded_at,
  };
}

/**
 * Events appended while serving a request carry its id (the gateway's, passed down), so an operator can find every
 * change one call made, and the bad-input suite can prove a refused call made none. A caller's own id wins.
 */
function withCorrelation(metadata: NewEvent['metadata']): NonNullable<NewEvent['metadata']> {
  const requestId = currentRequestId();
  return requestId && !metadata?.correlationId ? { ...metadata, correlationId: requestId } : (metadata ?? {});
}
