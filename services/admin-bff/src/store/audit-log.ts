import type { StoredEvent } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
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

/** One page of the audit log, newest first, and how many entries there are. */
export function auditLogPage(db: Kysely<AdminDb>, page: number, limit: number) {
  return inParallel(
    () =>
      db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
    () =>
      db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
  );
}
