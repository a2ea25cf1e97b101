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

/** `number`: the stream must be at exactly this version (0 for a new stream); 'any': no check. */
export type ExpectedVersion = number | 'any';

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    /** Unknown when a rival's insert was found by the unique stream version (the transaction is then aborted). */
    readonly actual?: number,
  ) {
    super(`Stream ${streamId} is at version ${actual ?? 'a later version'}, expected ${expected}`);
    this.name = 'ConcurrencyError';
  }
}
