import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, encodeEvent, NatsBus, OutboxRelay, type StoredEvent } from '../src/index.js';
import { busAvailable, deleteNamespacedStreams, eventually, openTestDatabase, silentLogger, uniqueName } from '../src/testing/index.js';
import { addItems, countingConsumer, makeSink, makeSource } from './bus-fixtures.js';

describe('outbox relay to NATS JetStream', () => {
  const available = busAvailable('nats');
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => database?.close());

  it.runIf(available)('publishes every event even when it crashes mid-batch; consumers see each once', async () => {
    const url = (await import('vitest')).inject('testNatsUrl');
    const namespace = `${uniqueName('t')}.`;
    const logger = silentLogger();
    // The consuming side: a normal bus in the namespace, which also creates the service's stream.
    const bus = await NatsBus.connect({ url, logger, connectionName: 'relay-test', namespace, ackWaitMs: 5000 });
    const source = await makeSource(database);
    const sink = await makeSink(database);
    const group = uniqueName('g');
    const delivered: number[] = [];
    const consumer = countingConsumer(group, sink.db);
    const subscription = await bus.subscribe({
      group,
      source: 'shop',
      handle: async (event) => {
        delivered.push((event.data as { n: number }).n);
        await consumer.handle(event);
      },
    });
    const nc = await connect({ servers: url });
    const js = jetstream(nc);
    const publish = (event: StoredEvent) =>
      js.publish(`${namespace}events.shop.${event.type}`, encodeEvent(event), { msgID: event.eventId }).then(() => undefined);
    try {
      await addItems(source.store, 'cart', 1, 10);
      // First relay process: publishes 4 events, then dies before it can move its checkpoint.
      let published = 0;
      const crashing = new OutboxRelay({
        outbox: source.outbox,
        name: 'nats',
        logger,
        leaseSeconds: 1,
        publish: async (event) => {
          if (published === 4) throw new Error('process killed');
          await publish(event);
          published++;
        },
      });
      await expect(crashing.runOnce()).rejects.toThrow('process killed');
      // The restarted relay waits out the dead one's lease, then republishes from the last checkpoint.
      const restarted = new OutboxRelay({ outbox: source.outbox, name: 'nats', logger, leaseSeconds: 1, publish });
      await eventually(async () => (await restarted.runOnce()) > 0, 5000, 100);
      expect(await restarted.runOnce()).toBe(0);
      await eventually(async () => (await sink.seen()).length === 10);
      const seen = await sink.seen();
      expect(seen.every((row) => row.times === 1)).toBe(true);
      // JetStream dropped the four republished messages by id: nothing was even delivered twice.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(delivered.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    } finally {
      await subscription.stop();
      await nc.close();
      await bus.close();
      await deleteNamespacedStreams(url, namespace);
    }
  });

  it('lets only the lease holder publish among several instances', async () => {
    const source = await makeSource(database);
    await addItems(source.store, 'cart', 1, 3);
    const byRelay = { a: [] as number[], b: [] as number[] };
    const relay = (name: 'a' | 'b') =>
      new OutboxRelay({
        outbox: source.outbox,
        name: 'shared',
        logger: silentLogger(),
        publish: async (event) => {
          byRelay[name].push(event.position);
        },
      });
    const a = relay('a');
    const b = relay('b');
    expect(await a.runOnce()).toBe(3);
    expect(await b.runOnce()).toBe(0);
    await addItems(source.store, 'cart', 4, 2);
    expect(await b.runOnce()).toBe(0);
    expect(await a.runOnce()).toBe(2);
    expect(byRelay.a).toHaveLength(5);
    expect(byRelay.b).toEqual([]);
  });
});
