import { type Kysely, sql } from 'kysely';
import type { WorkflowSignal } from '../port.js';

export interface ClaimedSignal {
  id: string;
  workflow: string;
  signal: WorkflowSignal;
  attempts: number;
}

/** Adds signals to the outbox (inside the caller's transaction when `db` is one). */
export async function insertSignals(db: Kysely<any>, signals: { workflow: string; signal: WorkflowSignal }[]): Promise<void> {
  await db
    .insertInto('workflow_signals')
    .values(signals.map(({ workflow, signal }) => ({ workflow, signal: JSON.stringify(signal) })))
    .execute();
}

/** Signals not delivered yet, oldest first. */
export function waitingSignals(
  db: Kysely<any>,
): Promise<{ workflow: string; signal: WorkflowSignal; attempts: number; last_error: string | null }[]> {
  return db.selectFrom('workflow_signals').select(['workflow', 'signal', 'attempts', 'last_error']).orderBy('id').execute();
}

/**
 * Claims, for `leaseSeconds`, the oldest waiting signal of each workflow that is due (up to `batchSize`), skipping
 * rows another relay holds; each claim counts an attempt.
 */
export async function claimDueSignals(db: Kysely<any>, leaseSeconds: number, batchSize: number): Promise<ClaimedSignal[]> {
  const result = await sql<ClaimedSignal>`
      update workflow_signals
      set claimed_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where id in (
        select s.id from workflow_signals s
        where s.next_attempt_at <= now() and (s.claimed_until is null or s.claimed_until < now())
          and not exists (select 1 from workflow_signals e where e.workflow = s.workflow and e.id < s.id)
        order by s.id
        limit ${batchSize}
        for update skip locked
      )
      returning id, workflow, signal, attempts`.execute(db);
  return result.rows;
}

/** Releases a signal that was not delivered, to be tried again after `waitSeconds`, with the error. */
export async function postponeSignal(db: Kysely<any>, id: string, waitSeconds: number, lastError: string): Promise<void> {
  await sql`update workflow_signals
        set claimed_until = null, next_attempt_at = now() + make_interval(secs => ${waitSeconds}),
          last_error = ${lastError}
        where id = ${id}`.execute(db);
}

export async function deleteSignal(db: Kysely<any>, id: string): Promise<void> {
  await sql`delete from workflow_signals where id = ${id}`.execute(db);
}
