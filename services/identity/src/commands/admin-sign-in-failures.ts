import type { Kysely } from 'kysely';
import { clearSignInFailures, findSignInLockEnd, recordSignInFailure, type SignInFailureKey } from '../store/admin-sign-in-failures.js';
import type { IdentityDb } from '../store/tables.js';

export interface LockoutRules {
  failuresBeforeLockout: number;
  lockoutMinutes: number;
}

type FailureKey = SignInFailureKey;

/**
 * What an admin sign-in attempt counts against: the username as typed (whether or not such an account exists, so
 * that locking tells no one which names are real) and the client's address (so one client cannot try a password
 * across many usernames, each staying under its own limit).
 */
export function attemptKeys(username: string, client: string): FailureKey[] {
  return [
    { kind: 'username', subject: username.trim().toLowerCase() },
    { kind: 'client', subject: client },
  ];
}

/** The end of the lock in force on any of the keys, if there is one. */
export function lockedUntil(db: Kysely<IdentityDb>, keys: FailureKey[], now: Date): Promise<Date | undefined> {
  return findSignInLockEnd(db, keys, now);
}

/**
 * Counts one failure against each key, locking a key that reaches the limit for `lockoutMinutes`. A run of
 * failures ends with a lock (once that lock has run out the count starts again, so a lock is never renewed by a
 * single later guess) or after `lockoutMinutes` without a failure (which gives no more guesses than waiting out a
 * lock would, and lets rows of guessed usernames be dropped rather than kept for ever).
 */
export function recordFailure(db: Kysely<IdentityDb>, keys: FailureKey[], rules: LockoutRules, now: Date): Promise<void> {
  return recordSignInFailure(db, keys, rules, now);
}

/** A successful sign-in wipes the slate for its username and its client. */
export function clearFailures(db: Kysely<IdentityDb>, keys: FailureKey[]): Promise<void> {
  return clearSignInFailures(db, keys);
}
