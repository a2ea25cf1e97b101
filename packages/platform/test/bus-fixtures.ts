import { defineEvent, EventRegistry } from '@elts/contracts';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { type Database, EventConsumer, EventStore, migrate, type Outbox, platformMigrations } from '../src/index.js';
import { uniqueName } from '../src/testing/index.js';

export const ItemAdded = defineEvent({ type: 'ItemAdded', version: 1, schema: z.object({ n: z.number().int() }) });
export const ItemRemoved = defineEvent({ type: 'ItemRemoved', version: 1, schema: z.object({ n: z.number().int() }) });
export const shopEvents = new EventRegistry('shop', [ItemAdded, ItemRemoved]);

/** A producing service ("shop") with its outbox, on its own schema. */
export async function makeSource(database: Database): Promise<{ store: EventStore; outbox: Outbox }> {
  const schema = uniqueName('src_');
  const db = database.forSchema(schema);
  await migrate(db, schema, await platformMigrations());
  const store = new EventStore(db, shopEvents);
  return { store, outbox: { service: 'shop', db: db as never, onAppend: (listener) => store.onAppend(listener) } };
}

export interface SeenTables {
  seen: { event_id: string; stream_id: string; n: number; times: number };
}

/** A consuming service: its own schema with a projection that counts how often each event took effect. */
export async function makeSink(database: Database): Promise<{ db: Kysely<SeenTables>; seen(): Promise<SeenTables['seen'][]> }> {
  const schema = uniqueName('sink_');
  const db = database.forSchema<SeenTables>(schema);
  await migrate(db, schema, [
    ...(await platformMigrations()),
    {
      id: 'seen',
      checksum: 'x',
      sql: 'create table seen (event_id uuid primary key, stream_id text not null, n int not null, times int not null)',
    },
  ]);
  return {
    db,
    seen: () => db.selectFrom('seen').selectAll().orderBy('n').execute(),
  };
}

/** A consumer whose effect is recorded in `seen`; `times` above 1 would mean an event took effect twice. */
export function countingConsumer(group: string, db: Kysely<SeenTables>, onHandle?: (n: number) => Promise<void> | void) {
  return new EventConsumer(group, shopEvents, db).on(ItemAdded, async (data, event, trx) => {
    await onHandle?.(data.n);
    await sql`insert into seen (event_id, stream_id, n, times) values (${event.eventId}, ${event.streamId}, ${data.n}, 1)
      on conflict (event_id) do update set times = seen.times + 1`.execute(trx);
  });
}

export async function addItems(store: EventStore, stream: string, from: number, count: number): Promise<void> {
  const version = await store.streamVersion(stream);
  await store.append(
    stream,
    version,
    Array.from({ length: count }, (_, i) => ({ type: 'ItemAdded', data: { n: from + i } })),
  );
}
