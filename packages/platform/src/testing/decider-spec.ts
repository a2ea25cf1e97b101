import { expect } from 'vitest';
import type { Refusal } from '../domain/refusal.js';
import { acceptedOf, type Decider, type Decision, type DomainEvent, decideOn, isRefusal, type Recorded } from '../events/decider.js';

/** A given event: as decided, or with the parts of its record a fold reads (`recordedAt`, `metadata`). */
export type GivenEvent<E extends DomainEvent> = E & Partial<Omit<Recorded<E>, 'type' | 'data'>>;

/** Given events as a stream would hold them: numbered from 1, recorded now unless the test says when. */
export function recorded<E extends DomainEvent>(events: readonly GivenEvent<E>[], streamId = 'given'): Recorded<E>[] {
  return events.map(
    (event, index) =>
      ({
        service: 'given',
        position: index + 1,
        eventId: `given-${index + 1}`,
        streamId,
        streamVersion: index + 1,
        schemaVersion: 1,
        metadata: {},
        recordedAt: new Date(),
        ...event,
      }) as unknown as Recorded<E>,
  );
}

export interface DeciderThen<State, E extends DomainEvent, X = never> {
  /** The command records exactly these events (none: `thenEvents([])`), whatever effects come with them. */
  thenEvents(expected: readonly E[]): void;
  /** The command is refused: the refusal holds at least these fields. */
  thenRefused(expected: Partial<Refusal>): void;
  /** The decision, for a test that checks it its own way, and the state it was made on. */
  decision: Decision<E, Refusal, X>;
  state: State;
  /** The effects decided with the events (undefined for a refusal, or a decision of events alone). */
  effects: X | undefined;
}

/**
 * Given-when-then for a decider, with no database: `spec(decider).given([...events]).when(command).thenEvents([...])` or
 * `.thenRefused({ kind: 'conflict' })`. A refusal thrown deep in the decision counts as returned, as in `handle`.
 */
export function deciderSpec<State, Command, E extends DomainEvent, R extends Refusal, X = never>(
  decider: Decider<State, Command, E, R, X>,
) {
  return {
    given(events: readonly GivenEvent<E>[] = []) {
      return {
        when(command: Command): DeciderThen<State, E, X> {
          const { state, decision } = decideOn(decider, recorded(events), command);
          const accepted = isRefusal(decision) ? undefined : acceptedOf(decision);
          return {
            decision,
            state,
            effects: accepted?.effects,
            thenEvents(expected) {
              expect(accepted ? accepted.events : { refusal: decision }).toEqual(expected);
            },
            thenRefused(expected) {
              expect(accepted ? { events: accepted.events } : decision).toMatchObject(expected);
            },
          };
        },
      };
    },
  };
}
