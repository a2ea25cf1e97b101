import type { Transaction } from 'kysely';
import { type Refusal, Refused } from '../domain/refusal.js';
import type { EventStore, UnitOfWork } from './event-store.js';
import { ConcurrencyError, type EventMetadata, type StoredEvent } from './types.js';

/**
 * The one way business rules are written (docs/decisions/0161): an aggregate is a `Decider`, pure functions over its
 * own stream's events, and `handle` is the only code that loads a stream, folds it, decides, appends at the version it
 * read and decides again when another writer got there first.
 */

/** An event as a decider emits it. With a service's contract events: `EventOf<...>`/`EventsOf<...>` from contracts. */
export interface DomainEvent {
  type: string;
  data: unknown;
}

/** An event as `evolve` reads it: what was decided, with its place in the stream, its time and its metadata. */
export type Recorded<E extends DomainEvent> = E extends unknown ? E & Omit<StoredEvent, 'type' | 'data'> : never;

/**
 * Events with what else the decision calls for outside its own stream (a row in another table, a timer, a call to a
 * provider once committed): pure data, which `handle` hands to `alongside` and answers with the events. The caller
 * carries them out: for payments' membership, its process manager (docs/decisions/0163, 0167).
 */
export interface Decided<E extends DomainEvent, X> {
  events: readonly E[];
  effects: X;
}

/** What `decide` answers: the events to record (none when nothing changes), maybe with their effects, or why not. */
export type Decision<E extends DomainEvent, R extends Refusal = Refusal, X = never> = readonly E[] | Decided<E, X> | R;

export interface Decider<State, Command, E extends DomainEvent, R extends Refusal = Refusal, X = never> {
  /** The state of a stream with no events. */
  initialState: () => State;
  /** One recorded event applied to the state. Pure. */
  evolve: (state: State, event: Recorded<E>) => State;
  /** The events a command leads to in this state, or its refusal. Pure: whatever it needs from outside is in the command. */
  decide: (command: Command, state: State) => Decision<E, R, X>;
}

export const isRefusal = <E extends DomainEvent, R extends Refusal, X>(decision: Decision<E, R, X>): decision is R =>
  !Array.isArray(decision) && !('events' in decision);

/** The events of a decision that is not a refusal, and its effects when it has any. */
export function acceptedOf<E extends DomainEvent, X>(decision: readonly E[] | Decided<E, X>): { events: readonly E[]; effects?: X } {
  return Array.isArray(decision) ? { events: decision as readonly E[] } : (decision as Decided<E, X>);
}

/** The state after these events (a stream read, or a test's given events). */
export function foldEvents<State, E extends DomainEvent>(
  decider: Pick<Decider<State, never, E, never>, 'initialState' | 'evolve'>,
  events: readonly Recorded<E>[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/**
 * Decides on a stream's events as read. A refusal thrown deep in a decision (a form's validation, `refuse`) is
 * answered like one returned: domain code has one refusal style for its callers.
 */
export function decideOn<State, Command, E extends DomainEvent, R extends Refusal, X>(
  decider: Decider<State, Command, E, R, X>,
  events: readonly Recorded<E>[],
  command: Command,
): { state: State; decision: Decision<E, R | Refusal, X> } {
  const state = foldEvents(decider, events);
  return { state, decision: decideIn(decider, state, command) };
}

/** Decides in a state already folded, a thrown refusal answered as a returned one. */
function decideIn<State, Command, E extends DomainEvent, R extends Refusal, X>(
  decider: Decider<State, Command, E, R, X>,
  state: State,
  command: Command,
): Decision<E, R | Refusal, X> {
  try {
    return decider.decide(command, state);
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** A command's outcome: the events recorded (maybe none), their effects if decided with any, and the states around them, or the refusal. */
export type Handled<State, E extends DomainEvent, R extends Refusal = Refusal, X = never> =
  | { refusal: R | Refusal; state: State; version: number }
  | { refusal?: undefined; events: Recorded<E>[]; effects?: X; before: State; state: State; version: number };

/** The events `handle` just recorded, and the states around them: what `alongside` writes its rows from. */
export type Accepted<State, E extends DomainEvent, X = never> = Extract<Handled<State, E, Refusal, X>, { refusal?: undefined }>;

export interface HandleOptions<DB, State, E extends DomainEvent, X = never> {
  /** Stamped on every event recorded (who caused it, `admin:<id>`...). */
  metadata?: EventMetadata;
  /** How many times to decide in all when other writers keep getting there first (3). */
  attempts?: number;
  /** What the caller reads when every attempt lost its race; without it the ConcurrencyError is thrown. */
  exhausted?: Refusal;
  /** The service's projection of its own events, written in the appending transaction. */
  project?: (db: Transaction<DB>, event: StoredEvent) => Promise<void>;
  /** Rows that commit or roll back with the events (timers, stock): after the append, in its transaction. */
  alongside?: (unit: UnitOfWork<DB>, accepted: Accepted<State, E, X>) => Promise<void>;
}

/** A command, or how to read it inside the transaction (what it needs from the service's own tables). */
export type CommandSource<DB, State, Command> = Command | ((unit: UnitOfWork<DB>, state: State) => Promise<Command>);

/**
 * The command handler, written once: in one transaction it reads the stream, folds it, decides, appends the events at
 * the version it read (with their projection and `alongside` rows) and answers what was recorded, or the refusal.
 * When another writer appended first it decides again on the newer history.
 */
export async function handle<DB, State, Command, E extends DomainEvent, R extends Refusal = Refusal, X = never>(
  store: Pick<EventStore<DB>, 'transact' | 'readStream'>,
  decider: Decider<State, Command, E, R, X>,
  streamId: string,
  command: CommandSource<DB, State, Command>,
  options: HandleOptions<DB, State, E, X> = {},
): Promise<Handled<State, E, R, X>> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.transact((unit) => handleOnce(unit, decider, streamId, command, options));
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt < attempts) continue;
      if (!options.exhausted) throw error;
      const events = (await store.readStream(streamId)) as Recorded<E>[];
      return { refusal: options.exhausted, state: foldEvents(decider, events), version: events.length };
    }
  }
}

/**
 * `handle` in a transaction the caller already holds, for a stream written with others (a renewal charge's payment
 * started with the notice that names it, an invoice with the settlement it bills): decided once, with no retry of
 * its own. Another writer's append fails the caller's transaction, and the caller's own `handle` decides again.
 */
export function handleIn<DB, State, Command, E extends DomainEvent, R extends Refusal = Refusal, X = never>(
  unit: UnitOfWork<DB>,
  decider: Decider<State, Command, E, R, X>,
  streamId: string,
  command: CommandSource<DB, State, Command>,
  options: Omit<HandleOptions<DB, State, E, X>, 'attempts' | 'exhausted'> = {},
): Promise<Handled<State, E, R, X>> {
  return handleOnce(unit, decider, streamId, command, options);
}

/** What a stream written once is created with: its first events (none, for a caller that found it already there). */
export interface CreateOnce<E extends DomainEvent> {
  create: readonly E[];
}

/**
 * The decider of a stream written once (a payment's start, a membership's request, an invoice, a credit note): its
 * first events when it has none, nothing on a repeat. Its state is whether the stream exists.
 */
export const createOnce = <E extends DomainEvent>(): Decider<{ created: boolean }, CreateOnce<E>, E> => ({
  initialState: () => ({ created: false }),
  evolve: () => ({ created: true }),
  decide: ({ create }, { created }) => (created ? [] : create),
});

/**
 * Creates a stream in the caller's unit, once (a payment, an invoice, a member, an invitation; decision 0167): `first`
 * is drawn only while the stream has no events (an invoice takes its number then), and a repeat records nothing.
 * The events recorded, none on a repeat. Two creations at once: the later append fails with ConcurrencyError, as an
 * append at version 0 does.
 */
export async function createStream<DB, E extends DomainEvent>(
  unit: UnitOfWork<DB>,
  streamId: string,
  first: () => readonly E[] | Promise<readonly E[]>,
  options: Pick<HandleOptions<DB, { created: boolean }, E>, 'metadata' | 'project'> = {},
): Promise<Recorded<E>[]> {
  const created = await handleOnce(
    unit,
    createOnce<E>(),
    streamId,
    async (_: UnitOfWork<DB>, { created }: { created: boolean }) => ({ create: created ? [] : await first() }),
    options,
  );
  return created.refusal ? [] : created.events;
}

async function handleOnce<DB, State, Command, E extends DomainEvent, R extends Refusal, X>(
  unit: UnitOfWork<DB>,
  decider: Decider<State, Command, E, R, X>,
  streamId: string,
  source: CommandSource<DB, State, Command>,
  options: HandleOptions<DB, State, E, X>,
): Promise<Handled<State, E, R, X>> {
  const history = (await unit.readStream(streamId)) as Recorded<E>[];
  const version = history.length;
  // Folded once: the command may be read from the state, then decided in it.
  const before = foldEvents(decider, history);
  const command =
    typeof source === 'function' ? await (source as (unit: UnitOfWork<DB>, state: State) => Promise<Command>)(unit, before) : source;
  const decision = decideIn(decider, before, command);
  if (isRefusal(decision)) return { refusal: decision, state: before, version };
  const { events: decided, effects } = acceptedOf(decision);
  const stored =
    decided.length === 0
      ? []
      : await unit.append(
          streamId,
          version,
          decided.map((event) => ({ type: event.type, data: event.data, metadata: { ...options.metadata } })),
        );
  for (const event of stored) await options.project?.(unit.db, event);
  const events = stored as Recorded<E>[];
  const accepted: Accepted<State, E, X> = {
    events,
    ...(effects === undefined ? {} : { effects }),
    before,
    state: events.reduce(decider.evolve, before),
    version: version + events.length,
  };
  await options.alongside?.(unit, accepted);
  return accepted;
}
