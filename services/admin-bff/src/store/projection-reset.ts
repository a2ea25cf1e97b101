import { type Kysely, sql } from 'kysely';
import type { AdminDb } from './tables.js';

/**
 * Empties the read models (in this order) and the audit rows that came from events, keeping the audit rows of
 * admin-bff's own actions.
 */
export async function emptyReadModels(db: Kysely<AdminDb>, tables: readonly string[]): Promise<void> {
  for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(db);
  await sql`delete from audit_log where event_id is not null`.execute(db);
}

/** Does the schema have an event history (an `events` table)? */
export async function hasEventsTable(db: Kysely<any>, schema: string): Promise<boolean> {
  const found = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
        where table_schema = ${schema} and table_name = 'events'`.execute(db);
  return Number(found.rows[0]?.n) > 0;
}
