import type { Kysely } from 'kysely';
import type { AppendListener, EventTables } from '../events/event-store.js';
import type { StoredEvent } from '../events/types.js';
import { isDependencyUnavailable } from '../http/internal-client.js';

/** A service's outbox: its events table, read past a position. */
export interface Outbox {
  service: string;
  db: Kysely<EventTables>;
  onAppend(listener: AppendListener): () => void;
}

export interface SubscribeOptions {
  /** The consumer group: instances with the same group share the work; each event reaches the group once. */
  group: string;
  /** The service whose events this group consumes. */
  source: string;
  /** Receives events as stored (upcasting is the consumer's job); throwing means "try again later". */
  handle(event: StoredEvent): Promise<void>;
  /** Deliveries before an event is moved to the dead-letter subject. */
  maxAttempts?: number;
  /**
   * The event types the group reacts to, when it knows them. A hint: the in-process bus then reads only those from
   * the outbox; NATS delivers every event of the source, and `handle` must skip the others itself.
   */
  types?: readonly string[];
}

export interface DeadLetter {
  group: string;
  subject: string;
  event: StoredEvent;
  error: string;
  attempts: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * The event bus port. Both adapters give the same guarantees: every event of an attached outbox reaches every
 * subscribed group at least once, in order per source unless a delivery is being retried, with retries backing
 * off, and an event that keeps failing lands on `deadletter.<group>.<source>.<Type>` while the rest flow on.
 */
export interface EventBus {
  readonly kind: 'in-process' | 'nats';
  attachOutbox(outbox: Outbox): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  deadLetters(group: string): Promise<DeadLetter[]>;
  /** Makes a group start again from the first event of a source (to rebuild a projection). Stop its subscriptions first. */
  reset(group: string, source: string): Promise<void>;
  /** How many events of a source the group has not yet handled. */
  pending(group: string, source: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

export function subjectOf(event: Pick<StoredEvent, 'service' | 'type'>): string {
  return `events.${event.service}.${event.type}`;
}

export function deadLetterSubject(group: string, event: Pick<StoredEvent, 'service' | 'type'>): string {
  return `deadletter.${sanitizeToken(group)}.${event.service}.${event.type}`;
}

/** NATS subject tokens and durable names allow letters, digits, '-' and '_'. */
export function sanitizeToken(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Exponential backoff with a ceiling: 200 ms, 400 ms, 800 ms ... up to 30 s. */
export function retryDelayMs(attempt: number, baseMs = 200): number {
  return Math.min(30_000, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Whether a failed handling counts toward dead-lettering. A dependency that is away (the database, a service a saga
 * step calls) is waited out however long it takes, retrying at most every 5 s: the event is sound and dead-lettering
 * it would lose it from every projection until someone replays it by hand. Anything else is the event's or the
 * code's fault and is dead-lettered after the group's attempts.
 */
export function retryPlan(error: unknown, attempt: number, maxAttempts: number, baseMs?: number): { delayMs: number } | 'dead-letter' {
  if (isDependencyUnavailable(error)) return { delayMs: Math.min(5_000, retryDelayMs(attempt, baseMs)) };
  return attempt < maxAttempts ? { delayMs: retryDelayMs(attempt, baseMs) } : 'dead-letter';
}

/** Serialised form of an event on the wire (dates as ISO strings). */
export function encodeEvent(event: StoredEvent): string {
  return JSON.stringify(event);
}

export function decodeWireEvent(text: string): StoredEvent {
  const parsed = JSON.parse(text) as StoredEvent & { recordedAt: string };
  return { ...parsed, recordedAt: new Date(parsed.recordedAt) };
}
