import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * PostgreSQL's plan of a statement, with sequential scans priced out: the planner still picks one where no index can
 * serve the statement, so a test asserting there is none fails when a query reads a whole table. For queries run
 * often on tables that only grow (an outbox, the events): on a test's few rows the planner would scan anyway.
 * The statement is planned, not run.
 */
export async function planWithoutSequentialScans(db: Kysely<any>, statement: RawBuilder<unknown>): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const explained = await sql<{ 'QUERY PLAN': string }>`explain ${statement}`.execute(trx);
    return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
