import { type Kysely, sql } from 'kysely';

/**
 * Claims up to 20 rows of an outbox (the mail's, the Web Push's) due at `now`, and those whose claim is older than
 * `claimTimeout` (a Postgres interval), oldest first, skipping rows another instance holds: each is marked sending and
 * its attempts counted. `now` is the service's clock, the one that set `send_after` (quiet hours).
 */
export async function claimDueRows<Row>(
  db: Kysely<never>,
  table: 'mail_outbox' | 'push_outbox',
  claimTimeout: string,
  now: Date,
): Promise<Row[]> {
  const claimed = await sql<Row>`
      update ${sql.table(table)} set status = 'sending', claimed_at = ${now}, attempts = attempts + 1
      where id in (
        select id from ${sql.table(table)}
        where (status = 'pending' and (send_after is null or send_after <= ${now}))
          or (status = 'sending' and claimed_at < ${now}::timestamptz - interval '${sql.raw(claimTimeout)}')
        order by created_at limit 20 for update skip locked
      )
      returning *`.execute(db);
  return claimed.rows;
}
