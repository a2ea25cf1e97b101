import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
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
