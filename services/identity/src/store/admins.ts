import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/** The admin whose username matches, ignoring case. */
export async function findAdminIdByUsername(db: Kysely<IdentityDb>, username: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('admins').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
}

/** Forgets the failed sign-ins counted against a username. */
export async function forgetUsernameSignInFailures(db: Kysely<IdentityDb>, username: string): Promise<void> {
  await db
    .deleteFrom('admin_sign_in_failures')
    .where('kind', '=', 'username')
    .where('subject', '=', username.trim().toLowerCase())
    .execute();
}

export async function setAdminPassword(db: Kysely<IdentityDb>, adminId: string, passwordHash: string): Promise<void> {
  await db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', adminId).execute();
}

/**
 * Adds the admin unless the username is taken (ignoring case, the `admins_username_unique` index): whether it was
 * added. Two instances starting at once with the same first admin both get here; the database lets one in.
 */
export async function insertAdminUnlessTaken(
  db: Kysely<IdentityDb>,
  admin: { id: string; username: string; passwordHash: string },
): Promise<boolean> {
  const result = await db
    .insertInto('admins')
    .values({ id: admin.id, username: admin.username, password_hash: admin.passwordHash })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** What signing an admin in needs: the admin whose username matches, ignoring case, with their password hash. */
export function findAdminForSignIn(db: Kysely<IdentityDb>, username: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'username', 'password_hash'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** The admin's username, if the admin exists. */
export function findAdminUsername(db: Kysely<IdentityDb>, adminId: string) {
  return db.selectFrom('admins').select('username').where('id', '=', adminId).executeTakeFirst();
}

/** Every admin account's id and username, A to Z (the operators the audit trail names). */
export function listAdminNames(db: Kysely<IdentityDb>) {
  return db.selectFrom('admins').select(['id', 'username']).orderBy('username').execute();
}
