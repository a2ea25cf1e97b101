import { defineEvent, EventRegistry, type EventsOf } from '@elts/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConcurrencyError,
  createOnce,
  createStream,
  type Database,
  type Decider,
  EventStore,
  handle,
  handleIn,
  migrate,
  platformMigrations,
  type Refusal,
  refusal,
  refuse,
  unlessRefused,
} from '../src/index.js';
import { deciderSpec, openTestDatabase, uniqueName } from '../src/testing/index.js';

const WalletOpened = defineEvent({ type: 'WalletOpened', version: 1, schema: z.object({ owner: z.string() }) });
const ToppedUp = defineEvent({ type: 'ToppedUp', version: 1, schema: z.object({ amountPaise: z.number().int().positive() }) });
const Spent = defineEvent({ type: 'Spent', version: 1, schema: z.object({ amountPaise: z.number().int().positive() }) });
const registry = new EventRegistry('wallets', [WalletOpened, ToppedUp, Spent]);
type WalletEvent = EventsOf<typeof registry>;

type WalletCommand = { kind: 'open'; owner: string } | { kind: 'top-up' | 'spend'; amountPaise: number };
type Wallet = { owner: string; balancePaise: number; spends: number } | undefined;

const wallet: Decider<Wallet, WalletCommand, WalletEvent> = {
  initialState: () => undefined,
  evolve: (state, event) => {
    // Narrowed by type: `event.data.amountPaise` is a number here, and a misspelt field would not compile.
    if (event.type === 'WalletOpened') return { owner: event.data.owner, balancePaise: 0, spends: 0 };
    if (!state) return state;
    if (event.type === 'ToppedUp') return { ...state, balancePaise: state.balancePaise + event.data.amountPaise };
    return { ...state, balancePaise: state.balancePaise - event.data.amountPaise, spends: state.spends + 1 };
  },
  decide: (command, state) => {
    if (command.kind === 'open') {
      if (!command.owner.trim()) refuse('invalid', 'Name the owner', [{ path: 'owner', message: 'Required' }]);
      return state ? [] : [{ type: 'WalletOpened', data: { owner: command.owner } }];
    }
    if (!state) return refusal('not_found', 'Wallet not found');
    if (command.kind === 'top-up') return [{ type: 'ToppedUp', data: { amountPaise: command.amountPaise } }];
    if (command.amountPaise > state.balancePaise) return refusal('conflict', 'Not enough in the wallet');
    return [{ type: 'Spent', data: { amountPaise: command.amountPaise } }];
  },
};

/** A wallet whose spends also call for a receipt outside the stream: the decision's effects. */
type Receipt = { to: string; amountPaise: number };
const receipted: Decider<Wallet, WalletCommand, WalletEvent, Refusal, Receipt> = {
  ...wallet,
  decide: (command, state) => {
    const decision = wallet.decide(command, state);
    if (command.kind !== 'spend' || !Array.isArray(decision) || !state) return decision;
    return { events: decision, effects: { to: state.owner, amountPaise: command.amountPaise } };
  },
};

const opened: WalletEvent = { type: 'WalletOpened', data: { owner: 'Asha' } };
const toppedUp = (amountPaise: number): WalletEvent => ({ type: 'ToppedUp', data: { amountPaise } });

describe('a decider, given events, when a command', () => {
  const spec = deciderSpec(wallet);

  it('records the events its state allows', () => {
    spec
      .given([opened, toppedUp(500)])
      .when({ kind: 'spend', amountPaise: 300 })
      .thenEvents([{ type: 'Spent', data: { amountPaise: 300 } }]);
    spec.given([]).when({ kind: 'open', owner: 'Asha' }).thenEvents([opened]);
  });

  it('records nothing when nothing changes', () => {
    spec.given([opened]).when({ kind: 'open', owner: 'Asha' }).thenEvents([]);
  });

  it('returns its refusal, and a refusal thrown inside a decision reads the same', () => {
    spec
      .given([opened, toppedUp(100)])
      .when({ kind: 'spend', amountPaise: 300 })
      .thenRefused({ kind: 'conflict' });
    spec.given([]).when({ kind: 'spend', amountPaise: 1 }).thenRefused({ kind: 'not_found', message: 'Wallet not found' });
    spec
      .given([])
      .when({ kind: 'open', owner: ' ' })
      .thenRefused({ kind: 'invalid', issues: [{ path: 'owner', message: 'Required' }] });
  });

  it('folds the given events into the state it decided on', () => {
    expect(spec.given([opened, toppedUp(500), toppedUp(20)]).when({ kind: 'top-up', amountPaise: 1 }).state).toEqual({
      owner: 'Asha',
      balancePaise: 520,
      spends: 0,
    });
  });

  it('reads a decision with effects: its events as any, its effects beside them', () => {
    const spent = deciderSpec(receipted)
      .given([opened, toppedUp(500)])
      .when({ kind: 'spend', amountPaise: 300 });
    spent.thenEvents([{ type: 'Spent', data: { amountPaise: 300 } }]);
    expect(spent.effects).toEqual({ to: 'Asha', amountPaise: 300 });
    const refused = deciderSpec(receipted).given([opened]).when({ kind: 'spend', amountPaise: 1 });
    refused.thenRefused({ kind: 'conflict' });
    expect(refused.effects).toBeUndefined();
  });

  it('fails a then that does not hold', () => {
    const when = spec.given([opened]).when({ kind: 'spend', amountPaise: 1 });
    expect(() => when.thenEvents([])).toThrow();
    expect(() =>
      spec
        .given([opened, toppedUp(5)])
        .when({ kind: 'spend', amountPaise: 1 })
        .thenRefused({ kind: 'conflict' }),
    ).toThrow();
  });
});

describe('handle', () => {
  let database: Database;
  let store: EventStore<{ wallet_rows: { owner: string; balance_paise: number } }>;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const schema = uniqueName('decider_');
    const db = database.forSchema(schema);
    await migrate(db, schema, await platformMigrations());
    await sql`create table wallet_rows (owner text primary key, balance_paise integer not null)`.execute(db);
    store = new EventStore(db as never, registry);
  });
  afterAll(async () => database?.close());

  const streamOf = () => uniqueName('wallet-');

  it('appends what was decided at the version read, with its metadata, projection and rows alongside', async () => {
    const stream = streamOf();
    const projected: string[] = [];
    const first = await handle(store, wallet, stream, { kind: 'open', owner: 'Ravi' }, { metadata: { actor: 'member:7' } });
    expect(first.refusal).toBeUndefined();
    const topped = await handle(
      store,
      wallet,
      stream,
      { kind: 'top-up', amountPaise: 250 },
      {
        metadata: { actor: 'member:7' },
        project: async (_db, event) => {
          projected.push(`${event.type}@${event.streamVersion}`);
        },
        alongside: async (unit, accepted) => {
          await unit.db
            .insertInto('wallet_rows')
            .values({ owner: accepted.state!.owner, balance_paise: accepted.state!.balancePaise })
            .execute();
        },
      },
    );
    expect(topped).toMatchObject({ version: 2, before: { balancePaise: 0 }, state: { balancePaise: 250 } });
    expect(projected).toEqual(['ToppedUp@2']);
    const read = await store.readStream(stream);
    expect(read.map((event) => [event.type, event.streamVersion, event.metadata.actor])).toEqual([
      ['WalletOpened', 1, 'member:7'],
      ['ToppedUp', 2, 'member:7'],
    ]);
    expect(await store.db.selectFrom('wallet_rows').selectAll().where('owner', '=', 'Ravi').execute()).toEqual([
      { owner: 'Ravi', balance_paise: 250 },
    ]);
  });

  it('answers a refusal, recording nothing and writing nothing alongside', async () => {
    const stream = streamOf();
    let alongside = 0;
    const refused = await handle(store, wallet, stream, { kind: 'spend', amountPaise: 5 }, { alongside: async () => void alongside++ });
    expect(refused).toMatchObject({ refusal: { kind: 'not_found' }, version: 0 });
    await handle(store, wallet, stream, { kind: 'open', owner: 'Meera' });
    const thrown = await handle(store, wallet, stream, { kind: 'open', owner: '' });
    expect(thrown.refusal).toMatchObject({ kind: 'invalid', message: 'Name the owner' });
    expect(alongside).toBe(0);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('hands the effects decided to alongside, in its transaction, and answers them', async () => {
    const stream = streamOf();
    await handle(store, receipted, stream, { kind: 'open', owner: 'Sunil' });
    await handle(store, receipted, stream, { kind: 'top-up', amountPaise: 70 });
    const seen: (Receipt | undefined)[] = [];
    const spent = await handle(
      store,
      receipted,
      stream,
      { kind: 'spend', amountPaise: 30 },
      { alongside: async (_unit, { effects }) => void seen.push(effects) },
    );
    expect(spent).toMatchObject({ version: 3, effects: { to: 'Sunil', amountPaise: 30 }, state: { balancePaise: 40 } });
    expect(seen).toEqual([{ to: 'Sunil', amountPaise: 30 }]);
    const topped = await handle(store, receipted, stream, { kind: 'top-up', amountPaise: 1 });
    expect(topped.refusal === undefined && 'effects' in topped).toBe(false);
  });

  it('reads the command inside the transaction, from the state it folded', async () => {
    const stream = streamOf();
    await handle(store, wallet, stream, { kind: 'open', owner: 'Kiran' });
    await handle(store, wallet, stream, { kind: 'top-up', amountPaise: 90 });
    const all = await handle(store, wallet, stream, async (_unit, state) => ({ kind: 'spend' as const, amountPaise: state!.balancePaise }));
    expect(all.state).toMatchObject({ balancePaise: 0, spends: 1 });
  });

  /** A store whose first reads of a stream miss its last event, as a writer that read before a rival committed. */
  const staleAtFirst = (stale: number) => {
    let reads = 0;
    return {
      readStream: store.readStream.bind(store),
      transact: <T>(work: Parameters<typeof store.transact<T>>[0]) =>
        store.transact((unit) =>
          work({
            ...unit,
            readStream: async (id) => {
              const events = await unit.readStream(id);
              return reads++ < stale ? events.slice(0, -1) : events;
            },
          }),
        ),
    };
  };

  it('decides again on the newer history when another writer appended first', async () => {
    const stream = streamOf();
    await handle(store, wallet, stream, { kind: 'open', owner: 'Asha' });
    await handle(store, wallet, stream, { kind: 'top-up', amountPaise: 100 });
    // The rival spent 60 after this writer read a balance of 100: spending 80 more is refused on the second read.
    await handle(store, wallet, stream, { kind: 'spend', amountPaise: 60 });
    const second = await handle(staleAtFirst(1), wallet, stream, { kind: 'spend', amountPaise: 80 });
    expect(second).toMatchObject({ refusal: { kind: 'conflict', message: 'Not enough in the wallet' }, version: 3 });
    const third = await handle(staleAtFirst(1), wallet, stream, { kind: 'spend', amountPaise: 40 });
    expect(third).toMatchObject({ version: 4, state: { balancePaise: 0, spends: 2 } });
  });

  it('after its attempts answers the refusal it was given, or throws the conflict', async () => {
    const stream = streamOf();
    await handle(store, wallet, stream, { kind: 'open', owner: 'Asha' });
    await handle(store, wallet, stream, { kind: 'top-up', amountPaise: 100 });
    const busy = refusal('conflict', 'The wallet was changed at the same time. Please try again.');
    expect(await handle(staleAtFirst(3), wallet, stream, { kind: 'top-up', amountPaise: 1 }, { exhausted: busy })).toMatchObject({
      refusal: busy,
      version: 2,
      state: { balancePaise: 100 },
    });
    await expect(handle(staleAtFirst(2), wallet, stream, { kind: 'top-up', amountPaise: 1 }, { attempts: 2 })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect(await handle(staleAtFirst(2), wallet, stream, { kind: 'top-up', amountPaise: 1 })).toMatchObject({ version: 3 });
  });

  it('does not decide again when the command failed for another reason (moved from retryOnConcurrency, now removed)', async () => {
    const stream = streamOf();
    let reads = 0;
    const failing = async () => {
      reads++;
      throw new Error('Product not found');
    };
    await expect(handle(store, wallet, stream, failing)).rejects.toThrow('Product not found');
    expect(reads).toBe(1);
  });
});

describe('a stream written once', () => {
  const once = deciderSpec(createOnce<WalletEvent>());

  it('records its first events when it has none, and nothing on a repeat', () => {
    once
      .given([])
      .when({ create: [opened] })
      .thenEvents([opened]);
    once
      .given([opened])
      .when({ create: [opened] })
      .thenEvents([]);
  });
});

describe('handleIn', () => {
  let database: Database;
  let store: EventStore<Record<string, never>>;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const schema = uniqueName('decider_in_');
    const db = database.forSchema(schema);
    await migrate(db, schema, await platformMigrations());
    store = new EventStore(db as never, registry);
  });
  afterAll(async () => database?.close());

  it("decides in the caller's transaction: its events commit or roll back with the caller's work", async () => {
    const kept = uniqueName('wallet-');
    const lost = uniqueName('wallet-');
    await store.transact(async (unit) => {
      const created = await handleIn(unit, createOnce<WalletEvent>(), kept, { create: [opened] }, { metadata: { actor: 'member:7' } });
      expect(created).toMatchObject({ version: 1, state: { created: true } });
      const again = await handleIn(unit, createOnce<WalletEvent>(), kept, async (_unit, { created }) => ({
        create: created ? [] : [opened],
      }));
      expect(again).toMatchObject({ events: [], version: 1 });
    });
    await expect(
      store.transact(async (unit) => {
        await handleIn(unit, createOnce<WalletEvent>(), lost, { create: [opened] });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect((await store.readStream(kept)).map((event) => event.metadata.actor)).toEqual(['member:7']);
    expect(await store.readStream(lost)).toEqual([]);
  });

  it('creates a stream once: its first events drawn only while it has none, nothing recorded on a repeat', async () => {
    const stream = uniqueName('wallet-');
    let drawn = 0;
    const first = () => {
      drawn++;
      return [opened];
    };
    const created = await store.transact((unit) => createStream(unit, stream, first, { metadata: { actor: 'member:7' } }));
    expect(created.map((event) => [event.type, event.streamVersion, event.metadata.actor])).toEqual([[opened.type, 1, 'member:7']]);
    expect(await store.transact((unit) => createStream(unit, stream, first))).toEqual([]);
    expect(drawn).toBe(1);
    expect(await store.readStream(stream)).toHaveLength(1);
  });
});

describe('at the edge', () => {
  it('passes an outcome through, and answers a refusal with the refusal table’s status and words', () => {
    expect(unlessRefused({ productId: 'PRD-1' })).toEqual({ productId: 'PRD-1' });
    expect(unlessRefused({})).toEqual({});
    const issues = [{ path: 'owner', message: 'Required' }];
    for (const [kind, status] of [
      ['invalid', 400],
      ['not_found', 404],
      ['conflict', 409],
    ] as const) {
      expect(() => unlessRefused({ refusal: refusal(kind, 'No.', issues) })).toThrow(
        expect.objectContaining({ status, message: 'No.', details: { issues } }),
      );
    }
  });
});
