import type { StoredEvent } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import { indianDayRange } from './filters.js';
import { inParallel } from './parallel.js';
import type { AdminDb } from './tables.js';

export type AuditedChange = { action: string; target: string; before: unknown; after: unknown };

/**
 * An admin's write, read from the event it caused, as an audit row: who (the event's actor), what, and the record
 * before and after. Events of a service's own jobs (`system:...`) or of members are not admin writes and are skipped;
 * the event id keeps a redelivered event to one row.
 */
export async function auditAdminEvent(trx: Transaction<AdminDb>, event: StoredEvent, change: AuditedChange): Promise<void> {
  const actor = String((event.metadata as { actor?: unknown }).actor ?? '');
  if (!actor.startsWith('admin:')) return;
  await trx
    .insertInto('audit_log')
    .values({
      event_id: event.eventId,
      actor,
      action: change.action,
      target: change.target,
      before: change.before === null ? null : JSON.stringify(change.before),
      after: JSON.stringify(change.after),
      at: event.recordedAt,
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/** Records an operator's action taken directly (not through an event): who, what, on what, and before and after. */
export async function insertAuditEntry(
  db: Kysely<AdminDb>,
  entry: { actor: string; action: string; target: string; before: unknown; after: unknown; at: Date },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      event_id: null,
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
      before: entry.before,
      after: entry.after,
      at: entry.at,
    })
    .execute();
}

export interface AuditFilters {
  /** `admin:<id>`. */
  actor?: string | undefined;
  action?: string | undefined;
  /** Indian calendar days, both ends included. */
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** One page of the audit log's rows the filters select, newest first, and how many they select. */
export function auditLogPage(db: Kysely<AdminDb>, page: number, limit: number, filters: AuditFilters = {}) {
  const { from, to } = indianDayRange(filters.startDate, filters.endDate);
  let selected = db.selectFrom('audit_log');
  if (filters.actor) selected = selected.where('actor', '=', filters.actor);
  if (filters.action) selected = selected.where('action', '=', filters.action);
  if (from) selected = selected.where('at', '>=', from);
  if (to) selected = selected.where('at', '<', to);
  return inParallel(
    () =>
      selected
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
    () => selected.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
}
