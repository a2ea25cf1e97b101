import { defineEvent, EventRegistry } from '@elts/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConcurrencyError, type Database, EventStore, migrate, platformMigrations, requestContext } from '../src/index.js';
import { DATABASE_KINDS, databaseAvailable, openTestDatabase, uniqueName } from '../src/testing/index.js';

const Opened = defineEvent({ type: 'AccountOpened', version: 1, schema: z.object({ owner: z.string() }) });
const Deposited = defineEvent({ type: 'Deposited', version: 1, schema: z.object({ amountPaise: z.number().int().positive() }) });
// Version 1 stored a rupee string; version 2 stores integer paise. The upcaster converts old events on read.
const Renamed = defineEvent({
  type: 'Renamed',
  version: 2,
  schema: z.object({ name: z.string(), reason: z.string() }),
  upcast: { 1: (data) => ({ name: (data as { newName: string }).newName, reason: 'unknown' }) },
});
const registry = new EventRegistry('ledger', [Opened, Deposited, Renamed]);

describe.each(DATABASE_KINDS)('event store on %s', (kind) => {
  const available = databaseAvailable(kind);
  let database: Database;
  let store: EventStore;

  beforeAll(async () => {
    if (!available) return;
    database = await openTestDatabase(kind);
    const schema = uniqueName('es_');
    const db = database.forSchema(schema);
    await migrate(db, schema, await platformMigrations());
    store = new EventStore(db, registry);
  });
  afterAll(async () => database?.close());

  it.runIf(available)('appends to a new stream and reads it back in order', async () => {
    const stream = uniqueName('acct-');
    const stored = await store.append(stream, 0, [
      { type: 'AccountOpened', data: { owner: 'Asha' }, metadata: { actor: 'member:1', correlationId: 'c1' } },
      { type: 'Deposited', data: { amountPaise: 117882 } },
    ]);
    expect(stored.map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(stored[1]!.position).toBeGreaterThan(stored[0]!.position);
    const read = await store.readStream(stream);
    expect(read.map((e) => [e.type, e.data])).toEqual([
      ['AccountOpened', { owner: 'Asha' }],
      ['Deposited', { amountPaise: 117882 }],
    ]);
    expect(read[0]!.metadata).toEqual({ actor: 'member:1', correlationId: 'c1' });
    expect(read[0]!.recordedAt).toBeInstanceOf(Date);
    expect(await store.streamVersion(stream)).toBe(2);
  });

  it.runIf(available)('stamps events appended while serving a request with its id, unless the caller gave one', async () => {
    const stream = `account-${uniqueName('')}`;
    await requestContext.run({ requestId: 'req-42' }, () =>
      store.append(stream, 0, [
        { type: 'AccountOpened', data: { owner: 'Asha' } },
        { type: 'Deposited', data: { amountPaise: 100 }, metadata: { correlationId: 'given' } },
      ]),
    );
    await store.append(stream, 2, [{ type: 'Deposited', data: { amountPaise: 200 } }]);
    const read = await store.readStream(stream);
    expect(read.map((event) => event.metadata.correlationId)).toEqual(['req-42', 'given', undefined]);
  });

  it.runIf(available)('refuses an append at a stale expected version with a typed, retryable error', async () => {
    const stream = uniqueName('acct-');
    await store.append(stream, 0, [{ type: 'AccountOpened', data: { owner: 'Ravi' } }]);
    const error = await store.append(stream, 0, [{ type: 'Deposited', data: { amountPaise: 100 } }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    // A new stream's version is not read first: the unique stream version refused it, so the actual is unknown.
    expect(error).toMatchObject({ streamId: stream, expected: 0 });
    // The caller retries with the version it now reads, and succeeds.
    await store.append(stream, await store.streamVersion(stream), [{ type: 'Deposited', data: { amountPaise: 100 } }]);
    expect(await store.streamVersion(stream)).toBe(2);
    // Nor is a version the caller read: the rival's event holds the next one, so the stream's actual is unknown too.
    const stale = await store.append(stream, 1, [{ type: 'Deposited', data: { amountPaise: 100 } }]).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConcurrencyError);
    expect(stale).toMatchObject({ streamId: stream, expected: 1 });
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it.runIf(available)('lets exactly one of many concurrent writers at the same version win', async () => {
    const stream = uniqueName('acct-');
    await store.append(stream, 0, [{ type: 'AccountOpened', data: { owner: 'Meera' } }]);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => store.append(stream, 1, [{ type: 'Deposited', data: { amountPaise: 5 } }])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(await store.streamVersion(stream)).toBe(2);
  });

  it.runIf(available)('validates event data against the contract schema on append, writing nothing', async () => {
    const stream = uniqueName('acct-');
    await expect(store.append(stream, 0, [{ type: 'Deposited', data: { amountPaise: -5 } }])).rejects.toThrow(/does not match its schema/);
    await expect(store.append(stream, 0, [{ type: 'Unheard', data: {} }])).rejects.toThrow(/Unknown event type/);
    expect(await store.readStream(stream)).toEqual([]);
  });

  it.runIf(available)('rolls back events with the rest of a unit of work', async () => {
    const stream = uniqueName('acct-');
    await expect(
      store.transact(async ({ append }) => {
        await append(stream, 0, [{ type: 'AccountOpened', data: { owner: 'Kiran' } }]);
        throw new Error('projection update failed');
      }),
    ).rejects.toThrow('projection update failed');
    expect(await store.readStream(stream)).toEqual([]);
  });

  it.runIf(available)('upcasts events stored in an old schema version when reading', async () => {
    const stream = uniqueName('acct-');
    await store.append(stream, 0, [{ type: 'AccountOpened', data: { owner: 'Old' } }]);
    // An event written by an older release, before Renamed had version 2.
    const { sql } = await import('kysely');
    await sql`insert into events (event_id, stream_id, stream_version, type, schema_version, data)
      values (gen_random_uuid(), ${stream}, 2, 'Renamed', 1, ${JSON.stringify({ newName: 'New' })}::jsonb)`.execute(store.db);
    const [, renamed] = await store.readStream(stream);
    expect(renamed).toMatchObject({ type: 'Renamed', schemaVersion: 2, data: { name: 'New', reason: 'unknown' } });
    const all = await store.readAll(0, 10_000);
    expect(all.find((e) => e.streamId === stream && e.type === 'Renamed')?.data).toEqual({ name: 'New', reason: 'unknown' });
  });

  it.runIf(available)('reads everything after a global position, in commit order, across streams', async () => {
    const before = (await store.readAll(0, 100_000)).at(-1)?.position ?? 0;
    const a = uniqueName('a-');
    const b = uniqueName('b-');
    await Promise.all([
      store.append(a, 0, [{ type: 'AccountOpened', data: { owner: 'A' } }]),
      store.append(b, 0, [{ type: 'AccountOpened', data: { owner: 'B' } }]),
    ]);
    await store.append(a, 1, [{ type: 'Deposited', data: { amountPaise: 1 } }]);
    const after = await store.readAll(before);
    expect(after).toHaveLength(3);
    expect(after.map((e) => e.position)).toEqual([...after.map((e) => e.position)].sort((x, y) => x - y));
    expect(after.at(-1)).toMatchObject({ streamId: a, type: 'Deposited' });
    expect(await store.readAll(after.at(-1)!.position)).toEqual([]);
  });

  it.runIf(available)('tells local listeners after each committed append', async () => {
    const seen: number[] = [];
    const stop = store.onAppend((position) => seen.push(position));
    const [event] = await store.append(uniqueName('acct-'), 0, [{ type: 'AccountOpened', data: { owner: 'L' } }]);
    stop();
    expect(seen).toEqual([event!.position]);
  });
});
