import { type Kysely, sql } from 'kysely';

/** The in-process Cashfree emulator's records (migration 0008): one row, the emulator's snapshot as JSON text. */
export async function loadEmulatorRecords(db: Kysely<any>): Promise<unknown> {
  const { rows } = await sql<{ records: unknown }>`select records from cashfree_emulator_records where id = 1`.execute(db);
  return rows[0]?.records;
}

export async function saveEmulatorRecords(db: Kysely<any>, records: string, at: Date): Promise<void> {
  await sql`insert into cashfree_emulator_records (id, records, updated_at) values (1, ${records}::jsonb, ${at})
    on conflict (id) do update set records = excluded.records, updated_at = excluded.updated_at`.execute(db);
}
