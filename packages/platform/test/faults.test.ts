import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServiceApp, type Database, EventStore, migrate, NatsBus, openDatabase, platformMigrations } from '../src/index.js';
import {
  busAvailable,
  createTestPostgresDatabase,
  databaseAvailable,
  deleteNamespacedStreams,
  dropTestPostgresDatabase,
  eventually,
  openTestDatabase,
  silentLogger,
  TcpProxy,
  uniqueName,
} from '../src/testing/index.js';
import { addItems, countingConsumer, makeSink, makeSource, shopEvents } from './bus-fixtures.js';

describe('a lost bus connection', () => {
  const available = busAvailable('nats');
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => database?.close());

  it.runIf(available)('fails readiness while NATS is away, then recovers by itself and loses no event', async () => {
    const proxy = await TcpProxy.forUrl(inject('testNatsUrl')).start();
    const logger = silentLogger();
    const namespace = `${uniqueName('t')}.`;
    const bus = await NatsBus.connect({
      url: proxy.rewrite(inject('testNatsUrl')).replace(/\/$/, ''),
      logger,
      connectionName: 'fault-test',
      namespace,
      relayPollMs: 50,
    });
    const app = createServiceApp({ name: 'shop', logger, readiness: { bus: () => bus.ping() } });
    const source = await makeSource(database);
    const sink = await makeSink(database);
    try {
      await bus.attachOutbox(source.outbox);
      const subscription = await countingConsumer(uniqueName('g'), sink.db).subscribe(bus);
      await addItems(source.store, 'cart', 1, 3);
      await eventually(async () => (await sink.seen()).length === 3);
      expect((await app.request('/ready')).status).toBe(200);

      await proxy.cut();
      await eventually(async () => (await app.request('/ready')).status === 503);
      // Writes keep landing in the outbox while the bus is away.
      await addItems(source.store, 'cart', 4, 3);

      await proxy.restore();
      await eventually(async () => (await app.request('/ready')).status === 200, 15_000);
      await eventually(async () => (await sink.seen()).length === 6, 15_000);
      expect((await sink.seen()).every((row) => row.times === 1)).toBe(true);
      await subscription.stop();
    } finally {
      await bus.close();
      await proxy.close();
      await deleteNamespacedStreams(inject('testNatsUrl'), namespace);
    }
  });
});

describe('a lost database connection', () => {
  const available = databaseAvailable('postgres');

  it.runIf(available)('fails readiness and writes while PostgreSQL is away, then recovers by itself with its events intact', async () => {
    const url = await createTestPostgresDatabase();
    const proxy = await TcpProxy.forUrl(url).start();
    const database = await openDatabase({ url: proxy.rewrite(url) });
    try {
      const db = database.forSchema('shop');
      await migrate(db, 'shop', await platformMigrations());
      const store = new EventStore(db, shopEvents);
      const app = createServiceApp({ name: 'shop', logger: silentLogger(), readiness: { database: () => database.ping() } });
      app.post('/items', async (c) => {
        await addItems(store, 'cart', 1, 1);
        return c.json({ is_success: true });
      });
      await addItems(store, 'cart', 100, 2);
      expect((await app.request('/ready')).status).toBe(200);

      await proxy.cut();
      await eventually(async () => (await app.request('/ready')).status === 503);
      const refused = await app.request('/items', { method: 'POST' });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ is_success: false, code: 'unavailable' });

      await proxy.restore();
      await eventually(async () => (await app.request('/ready')).status === 200, 15_000);
      expect((await app.request('/items', { method: 'POST' })).status).toBe(200);
      const events = await store.readStream('cart');
      expect(events.map((e) => (e.data as { n: number }).n)).toEqual([100, 101, 1]);
    } finally {
      await database.close();
      await proxy.close();
      await dropTestPostgresDatabase(url);
    }
  });
});
