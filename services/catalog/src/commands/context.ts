import type { Clock, EventStore, Logger, NewEvent, StoredEvent, UnitOfWork } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import type { DropAlertSchedule } from '../alerts/drop-alert-jobs.js';
import type { DealsBoard } from '../board/deals-board.js';
import type { CatalogSettings } from '../settings.js';
import type { CatalogDb } from '../store/tables.js';

export interface CatalogContext {
  db: Kysely<CatalogDb>;
  events: EventStore<CatalogDb>;
  settings: CatalogSettings;
  board: DealsBoard;
  logger: Logger;
  /** Where business time comes from: sale windows, drops, hold expiry. */
  clock: Clock;
  /** A drop's messages follow it: planned when it is created or moved, dropped when it is cancelled. */
  alerts: DropAlertSchedule;
}

/** Appends with the actor in each event's metadata and projects in the same transaction. */
export async function record(
  unit: UnitOfWork<CatalogDb>,
  streamId: string,
  expected: number | 'any',
  events: NewEvent[],
  actor: string,
  project: (trx: Transaction<CatalogDb>, event: StoredEvent) => Promise<void>,
): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  const stored = await unit.append(
    streamId,
    expected,
    events.map((event) => ({ ...event, metadata: { ...event.metadata, actor } })),
  );
  for (const event of stored) await project(unit.db, event);
  return stored;
}
