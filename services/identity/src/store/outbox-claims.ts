import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/** The outboxes of drop messages beside the mail's (docs/decisions/0160). */
export type AlertOutbox = 'push_outbox' | 'whatsapp_outbox';

/** A unit handed over from a waitlist, as the member's own message on a channel says it (docs/decisions/0164). */
export interface WaitlistHandover {
  orderId: string;
  /** The product as messages name it (brand and name). */
  product: string;
  amountPaise: number;
  /** ISO time: the reservation ends, and the message is worth nothing after it. */
  reservedUntil: string;
}

/**
 * The columns every waiting message outbox has (each adds its own): a drop's message (drop, moment, opening, matches)
 * or, with no drop, a waitlist hand-over.
 */
export interface WaitingRowColumns {
  id: string;
  dedupe_key: string;
  member_id: string;
  drop_id: string | null;
  moment: string | null;
  opens_at: Date | null;
  matches: { list: 'need' | 'greed'; item: string; productName: string }[] | null;
  handover: WaitlistHandover | null;
  send_after: Date | null;
  status: 'pending' | 'sending' | 'sent' | 'cancelled' | 'failed';
  attempts: number;
  claimed_at: Date | null;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/** The rows one delivery pass claims at most. */
export const CLAIM_BATCH = 20;

/**
 * Claims up to CLAIM_BATCH rows of an outbox (the mail's, the Web Push's, WhatsApp's) due at `now`, and those whose claim is
 * older than `claimTimeout` (a Postgres interval), oldest first, skipping rows another instance holds: each is marked
 * sending and its attempts counted. `now` is the service's clock, the one that set `send_after` (quiet hours).
 */
export async function claimDueRows<Row>(
  db: Kysely<never>,
  table: 'mail_outbox' | AlertOutbox,
  claimTimeout: string,
  now: Date,
): Promise<Row[]> {
  return (await claimStatement<Row>(table, claimTimeout, now).execute(db)).rows;
}

/**
 * The claim as one statement. Each outbox keeps an index of its waiting rows (pending or sending) in the claim's order,
 * so a pass reads those rows, not every message the outbox ever held (a test asks the planner).
 */
export function claimStatement<Row>(table: 'mail_outbox' | AlertOutbox, claimTimeout: string, now: Date) {
  return sql<Row>`
      update ${sql.table(table)} set status = 'sending', claimed_at = ${now}, attempts = attempts + 1
      where id in (
        select id from ${sql.table(table)}
        where (status = 'pending' and (send_after is null or send_after <= ${now}))
          or (status = 'sending' and claimed_at < ${now}::timestamptz - interval '${sql.raw(claimTimeout)}')
        order by created_at limit ${CLAIM_BATCH} for update skip locked
      )
      returning *`;
}

/** Adds pending rows to a waiting message outbox in one statement, except those whose dedupe key is there. */
export async function insertWaitingRows(
  db: Kysely<IdentityDb>,
  table: AlertOutbox,
  rows: (Record<string, unknown> & { matches?: unknown; handover?: unknown })[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto(table)
    .values(
      rows.map((row) => ({
        ...row,
        matches: row.matches === undefined ? null : JSON.stringify(row.matches),
        handover: row.handover === undefined ? null : JSON.stringify(row.handover),
        status: 'pending',
        attempts: 0,
        claimed_at: null,
        last_error: null,
        sent_at: null,
      })) as never,
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export async function updateWaitingRow(
  db: Kysely<IdentityDb>,
  table: AlertOutbox,
  id: string,
  values: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable(table)
    .set(values as never)
    .where('id', '=', id)
    .execute();
}
