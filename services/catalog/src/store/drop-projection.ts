import type { StoredEvent } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import type { StoredDrop } from '../domain/drops.js';
import type { CatalogDb } from './tables.js';

// Calendar drops have ids DROP-<friday>; an admin's own drops have other ids.
const sourceOf = (dropId: string): StoredDrop['source'] => (dropId.startsWith('DROP-') ? 'calendar' : 'admin');

/** Applies one of a drop's events to the drops table, in the transaction that appended it. */
export async function projectDropEvent(trx: Transaction<CatalogDb>, event: StoredEvent): Promise<void> {
  const data = event.data as { dropId: string; opensAt: string; closesAt: string; label: string };
  const row = {
    id: data.dropId,
    source: sourceOf(data.dropId),
    opens_at: new Date(data.opensAt),
    closes_at: new Date(data.closesAt),
    label: data.label,
    cancelled: event.type === 'DropCancelled',
    updated_at: event.recordedAt,
  };
  await trx
    .insertInto('drops')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        opens_at: row.opens_at,
        closes_at: row.closes_at,
        label: row.label,
        cancelled: row.cancelled,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function loadStoredDrops(db: Kysely<CatalogDb>): Promise<StoredDrop[]> {
  const rows = await db.selectFrom('drops').selectAll().execute();
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    label: row.label,
    cancelled: row.cancelled,
  }));
}
