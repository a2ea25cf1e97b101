import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, InProcessBus, type Subscription } from '../src/index.js';
import {
  BUS_KINDS,
  busAvailable,
  eventually,
  openTestBus,
  openTestDatabase,
  silentLogger,
  type TestBus,
  uniqueName,
} from '../src/testing/index.js';
import { addItems, countingConsumer, makeSink, makeSource } from './bus-fixtures.js';

describe.each(BUS_KINDS)('event bus: %s', (kind) => {
  const available = busAvailable(kind);
  let database: Database;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  afterAll(async () => database?.close());

  async function setup(options: { retryBaseMs?: number; batchSize?: number; pollMs?: number } = {}) {
    const testBus: TestBus = await openTestBus(kind, database, silentLogger(), { retryBaseMs: 20, ...options });
    cleanups.push(() => testBus.close());
    const source = await makeSource(database);
    await testBus.bus.attachOutbox(source.outbox);
    const sink = await makeSink(database);
    return { testBus, bus: testBus.bus, source, sink, group: uniqueName('g') };
  }

  function track(subscription: Subscription): Subscription {
    cleanups.push(() => subscription.stop());
    return subscription;
  }

  it.runIf(available)('delivers every event to a group, each taking effect once, in order per stream', async () => {
    const { bus, source, sink, group } = await setup();
    await addItems(source.store, 'cart-1', 1, 10);
    track(await countingConsumer(group, sink.db).subscribe(bus));
    await addItems(source.store, 'cart-2', 11, 10);
    await eventually(async () => (await sink.seen()).length === 20);
    const seen = await sink.seen();
    expect(seen.every((row) => row.times === 1)).toBe(true);
    expect(seen.map((row) => row.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it.runIf(available)('gives every group its own copy of each event', async () => {
    const { bus, source, sink, group } = await setup();
    const otherSink = await makeSink(database);
    track(await countingConsumer(group, sink.db).subscribe(bus));
    track(await countingConsumer(uniqueName('other'), otherSink.db).subscribe(bus));
    await addItems(source.store, 'cart', 1, 5);
    await eventually(async () => (await sink.seen()).length === 5 && (await otherSink.seen()).length === 5);
  });

  it.runIf(available)('resumes a restarted consumer from its checkpoint, not from the start', async () => {
    const { bus, source, sink, group } = await setup();
    const consumer = countingConsumer(group, sink.db);
    // Count raw deliveries, not effects: the idempotent consumer would hide a replay from the start.
    const subscribe = (delivered: number[]) =>
      bus.subscribe({
        group,
        source: 'shop',
        handle: async (event) => {
          delivered.push((event.data as { n: number }).n);
          await consumer.handle(event);
        },
      });
    const beforeRestart: number[] = [];
    const first = await subscribe(beforeRestart);
    await addItems(source.store, 'cart', 1, 5);
    await eventually(async () => (await sink.seen()).length === 5);
    await first.stop();
    await addItems(source.store, 'cart', 6, 5);
    const afterRestart: number[] = [];
    track(await subscribe(afterRestart));
    await eventually(async () => (await sink.seen()).length === 10);
    expect(beforeRestart).toEqual([1, 2, 3, 4, 5]);
    expect(afterRestart).toEqual([6, 7, 8, 9, 10]);
  });

  // A wake is the only way an idle in-process group hears of new events here (its poll is a minute away).
  it.runIf(kind === 'in-process')('delivers each new event as it is appended, not at the next poll', async () => {
    const { bus, source, sink, group } = await setup({ pollMs: 60_000 });
    track(await countingConsumer(group, sink.db).subscribe(bus));
    for (let n = 1; n <= 3; n++) {
      // Idle a while first: a stray sleeper on the same wakeup (a fixed bug) took its wakes only after a second.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await addItems(source.store, 'cart', n, 1);
      await eventually(async () => (await sink.seen()).length === n, 3000);
    }
  });

  // Every append wakes a source's groups, and a waking group reads the source's table: one that names its types must
  // sleep through the others' events, or a busy source costs a read per group per commit.
  it.runIf(kind === 'in-process')('does not wake a group that names its types for events of other types', async () => {
    const { bus, source, group } = await setup({ pollMs: 60_000 });
    let reads = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        reads++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await bus.attachOutbox({ ...source.outbox, db: source.outbox.db.withPlugin(counting) });
    const delivered: number[] = [];
    track(
      await bus.subscribe({
        group,
        source: 'shop',
        types: ['ItemRemoved'],
        handle: async (event) => {
          delivered.push((event.data as { n: number }).n);
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    reads = 0;
    for (let n = 1; n <= 10; n++) await addItems(source.store, 'cart', n, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toBe(0);
    await source.store.append('cart', 'any', [{ type: 'ItemRemoved', data: { n: 11 } }]);
    await eventually(async () => delivered.length === 1, 3000);
    expect(delivered).toEqual([11]);
    expect(await bus.pending(group, 'shop')).toBe(0);
  });

  // On NATS `types` is a hint only: every event of the source reaches the handler, which skips the others itself.
  it.runIf(kind === 'in-process')(
    'hands a group that names its types only those, and a restarted one resumes past the others',
    async () => {
      const { bus, source, group } = await setup({ batchSize: 3 });
      const removeItems = (from: number, count: number) =>
        source.store.append(
          'cart',
          'any',
          Array.from({ length: count }, (_, i) => ({ type: 'ItemRemoved', data: { n: from + i } })),
        );
      const subscribe = (delivered: string[]) =>
        bus.subscribe({
          group,
          source: 'shop',
          types: ['ItemRemoved'],
          handle: async (event) => {
            delivered.push(`${event.type}:${(event.data as { n: number }).n}`);
          },
        });
      await addItems(source.store, 'cart', 1, 7);
      await removeItems(1, 2);
      await addItems(source.store, 'cart', 8, 7);
      const first: string[] = [];
      const running = await subscribe(first);
      await removeItems(3, 1);
      await eventually(async () => first.length === 3);
      await addItems(source.store, 'cart', 15, 5);
      await running.stop();
      await removeItems(4, 1);
      const second: string[] = [];
      track(await subscribe(second));
      await eventually(async () => second.length === 1);
      expect(first).toEqual(['ItemRemoved:1', 'ItemRemoved:2', 'ItemRemoved:3']);
      expect(second).toEqual(['ItemRemoved:4']);
      expect(await bus.pending(group, 'shop')).toBe(0);
    },
  );

  // The in-process bus is its own relay: it reads the outbox and moves a checkpoint once per pass. (On NATS the relay is
  // separate; its crash mid-batch is proven in outbox-relay.test.ts.)
  it.runIf(kind === 'in-process')(
    'survives dying mid-batch before its checkpoint: a new bus on the same database applies each event once',
    async () => {
      const source = await makeSource(database);
      const sink = await makeSink(database);
      const group = uniqueName('g');
      const consumer = countingConsumer(group, sink.db);
      const delivered: number[] = [];
      let dead = false;
      // A killed process writes nothing more: once dead, every query of the first bus fails.
      const killable: KyselyPlugin = {
        transformQuery: ({ node }) => {
          if (dead) throw new Error('process killed');
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      const open = (db: Kysely<unknown>) => InProcessBus.create({ db, schema: 'bus', logger: silentLogger(), pollMs: 50 });
      const run = async (bus: InProcessBus, dieAfter?: number) => {
        await bus.attachOutbox(source.outbox);
        return bus.subscribe({
          group,
          source: 'shop',
          handle: async (event) => {
            // The killed process (the first bus) runs nothing more either.
            if (dieAfter !== undefined && dead) throw new Error('process killed');
            const { n } = event.data as { n: number };
            delivered.push(n);
            await consumer.handle(event);
            if (n === dieAfter) dead = true;
          },
        });
      };
      await addItems(source.store, 'cart', 1, 10);
      const first = await open(database.forSchema('bus').withPlugin(killable));
      await run(first, 4);
      await eventually(async () => dead);
      await first.close();
      expect((await sink.seen()).map((row) => row.n)).toEqual([1, 2, 3, 4]);
      const second = await open(database.forSchema('bus'));
      cleanups.push(() => second.close());
      track(await run(second));
      await eventually(async () => (await sink.seen()).length === 10);
      // Items 1 to 4 took effect before the crash, in a pass whose checkpoint was never stored (it is stored once a
      // pass): they were delivered again after it, and the consumer applied each once.
      expect(delivered).toEqual([1, 2, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect((await sink.seen()).every((row) => row.times === 1)).toBe(true);
    },
  );

  it.runIf(available)('retries a failing event with backoff and then delivers it', async () => {
    const { bus, source, sink, group } = await setup();
    let failures = 0;
    track(
      await countingConsumer(group, sink.db, (n) => {
        if (n === 2 && failures < 2) {
          failures++;
          throw new Error('database briefly unavailable');
        }
      }).subscribe(bus),
    );
    await addItems(source.store, 'cart', 1, 3);
    await eventually(async () => (await sink.seen()).length === 3);
    expect(failures).toBe(2);
    expect(await bus.deadLetters(group)).toEqual([]);
  });

  it.runIf(available)('waits out a dependency that is away for longer than N attempts, and dead-letters nothing', async () => {
    const { bus, source, sink, group } = await setup();
    let failures = 0;
    track(
      await countingConsumer(group, sink.db, (n) => {
        if (n === 2 && failures < 6) {
          failures++;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        }
      }).subscribe(bus, { maxAttempts: 3 }),
    );
    await addItems(source.store, 'cart', 1, 3);
    await eventually(async () => (await sink.seen()).length === 3, 15_000);
    expect(failures).toBe(6);
    expect(await bus.deadLetters(group)).toEqual([]);
  });

  it.runIf(available)('moves a poison event to the dead-letter subject after N attempts while the rest flow on', async () => {
    const { bus, source, sink, group } = await setup();
    let attempts = 0;
    track(
      await countingConsumer(group, sink.db, (n) => {
        if (n === 3) {
          attempts++;
          throw new Error('cannot apply item 3');
        }
      }).subscribe(bus, { maxAttempts: 3 }),
    );
    await addItems(source.store, 'cart', 1, 6);
    await eventually(async () => (await sink.seen()).length === 5);
    expect((await sink.seen()).map((row) => row.n)).toEqual([1, 2, 4, 5, 6]);
    await eventually(async () => (await bus.deadLetters(group)).length === 1);
    const [letter] = await bus.deadLetters(group);
    expect(attempts).toBe(3);
    expect(letter).toMatchObject({ attempts: 3, error: 'cannot apply item 3', event: { type: 'ItemAdded', data: { n: 3 } } });
    expect(letter!.subject).toBe(`deadletter.${group}.shop.ItemAdded`);
  });

  it.runIf(available)('lets two instances of one group share the work without processing anything twice', async () => {
    const { testBus, source, sink, group } = await setup({ batchSize: 2 });
    const byInstance = { a: 0, b: 0 };
    const slow = (instance: 'a' | 'b') => async () => {
      byInstance[instance]++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    track(await countingConsumer(group, sink.db, slow('a')).subscribe(testBus.bus));
    track(await countingConsumer(group, sink.db, slow('b')).subscribe(await testBus.another()));
    await addItems(source.store, 'cart', 1, 40);
    await eventually(async () => (await sink.seen()).length === 40, 20_000);
    const seen = await sink.seen();
    expect(seen.every((row) => row.times === 1)).toBe(true);
    expect(byInstance.a).toBeGreaterThan(0);
    expect(byInstance.b).toBeGreaterThan(0);
  });

  it.runIf(available)('reports what a group has left to handle, and replays a source from the start after a reset', async () => {
    const { bus, source, sink, group } = await setup();
    const consumer = countingConsumer(group, sink.db);
    await addItems(source.store, 'cart', 1, 5);
    const first = await consumer.subscribe(bus);
    await eventually(async () => (await sink.seen()).length === 5);
    await eventually(async () => (await consumer.pending(bus)) === 0);
    await first.stop();
    await addItems(source.store, 'cart', 6, 2);
    await eventually(async () => (await consumer.pending(bus)) === 2);
    await sink.db.deleteFrom('seen').execute();
    await consumer.reset(bus);
    expect(await consumer.pending(bus)).toBe(7);
    track(await consumer.subscribe(bus));
    await eventually(async () => (await sink.seen()).length === 7);
    expect((await sink.seen()).every((row) => row.times === 1)).toBe(true);
  });

  it.runIf(available)('applies a redelivered event only once', async () => {
    const { source, sink, group } = await setup();
    await addItems(source.store, 'cart', 1, 1);
    const [event] = await source.store.readAll(0);
    const consumer = countingConsumer(group, sink.db);
    expect(await consumer.handle(event!)).toBe(true);
    expect(await consumer.handle(event!)).toBe(false);
    await Promise.all([consumer.handle(event!), consumer.handle(event!)]);
    expect((await sink.seen())[0]!.times).toBe(1);
  });
});
