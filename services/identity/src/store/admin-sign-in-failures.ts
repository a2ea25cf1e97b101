import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/** What an admin sign-in failure is counted against: a username as typed, or a client's address. */
export interface SignInFailureKey {
  kind: 'username' | 'client';
  subject: string;
}

const matching = (keys: SignInFailureKey[]) =>
  sql<boolean>`(kind, subject) in (${sql.join(keys.map((key) => sql`(${key.kind}, ${key.subject})`))})`;

/** The end of the lock in force on any of the keys, if there is one. */
export async function findSignInLockEnd(db: Kysely<IdentityDb>, keys: SignInFailureKey[], now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('admin_sign_in_failures')
    .select((eb) => eb.fn.max('locked_until').as('until'))
    .where(matching(keys))
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.until ? new Date(row.until) : undefined;
}

/**
 * Counts one failure against each key, locking a key that reaches the limit for `lockoutMinutes`. A run of
 * failures ends with a lock (once that lock has run out the count starts again, so a lock is never renewed by a
 * single later guess) or after `lockoutMinutes` without a failure (which gives no more guesses than waiting out a
 * lock would, and lets rows of guessed usernames be dropped rather than kept for ever).
 */
export async function recordSignInFailure(
  db: Kysely<IdentityDb>,
  keys: SignInFailureKey[],
  rules: { failuresBeforeLockout: number; lockoutMinutes: number },
  now: Date,
): Promise<void> {
  const windowMs = rules.lockoutMinutes * 60_000;
  const runStartedAfter = new Date(now.getTime() - windowMs);
  const lockEnds = new Date(now.getTime() + windowMs);
  await db
    .deleteFrom('admin_sign_in_failures')
    .where('last_failure_at', '<', runStartedAfter)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();

  const existing = (column: string) => sql.ref(`admin_sign_in_failures.${column}`);
  const nowAt = sql`${now}::timestamptz`;
  const inForce = sql`${existing('locked_until')} > ${nowAt}`;
  // Attempts that raced the one which locked still count; they must not shorten or restart its lock.
  const runGoesOn = sql`(${inForce} or (${existing('locked_until')} is null and ${existing('last_failure_at')} > ${runStartedAfter}::timestamptz))`;
  const failures = sql<number>`case when ${runGoesOn} then ${existing('failures')} + 1 else 1 end`;
  await db
    .insertInto('admin_sign_in_failures')
    .values(
      keys.map((key) => ({
        ...key,
        failures: 1,
        last_failure_at: now,
        locked_until: rules.failuresBeforeLockout <= 1 ? lockEnds : null,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['kind', 'subject']).doUpdateSet({
        failures,
        last_failure_at: now,
        locked_until: sql<Date | null>`case
          when ${inForce} then ${existing('locked_until')}
          when ${failures} >= ${rules.failuresBeforeLockout}::int then ${lockEnds}::timestamptz
          else null end`,
      }),
    )
    .execute();
}

/** A successful sign-in wipes the slate for its username and its client. */
export async function clearSignInFailures(db: Kysely<IdentityDb>, keys: SignInFailureKey[]): Promise<void> {
  await db.deleteFrom('admin_sign_in_failures').where(matching(keys)).execute();
}
