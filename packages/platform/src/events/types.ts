export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  /** Who caused it: `member:<id>`, `admin:<id>`, `system:<job>`... */
  actor?: string;
}

/** An event as stored and delivered: its data already upcast to the current schema when read through a registry. */
export interface StoredEvent<Data = unknown> {
  service: string;
  position: number;
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
}

export interface NewEvent {
  type: string;
  data: unknown;
  /** Supplied when the caller needs a deterministic id (for example one derived from an idempotency key). */
  eventId?: string;
  metadata?: EventMetadata;
}

/**
 * `number`: the version the caller read in its unit of work (0 for a new stream); a stream appended to since refuses
 * the append. A number ahead of the stream is a caller's mistake the store does not look for. 'any': no check.
 */
export type ExpectedVersion = number | 'any';

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    /** Unknown when the unique stream version found a rival's append (the transaction is then aborted). */
    readonly actual?: number,
  ) {
    super(`Stream ${streamId} is at version ${actual ?? 'a later version'}, expected ${expected}`);
    this.name = 'ConcurrencyError';
  }
}
