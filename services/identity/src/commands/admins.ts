import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import type { IdentityDb } from '../store/tables.js';

/**
 * Creates an admin account, or sets a new password on an existing one. Either way the username's failed sign-ins
 * are forgotten: setting a password is how an operator lets a locked-out admin back in at once.
 */
export async function upsertAdmin(db: Kysely<IdentityDb>, username: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const existing = await db.selectFrom('admins').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  await db
    .deleteFrom('admin_sign_in_failures')
    .where('kind', '=', 'username')
    .where('subject', '=', username.trim().toLowerCase())
    .execute();
  if (existing) {
    await db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', existing.id).execute();
    return 'updated';
  }
  await db.insertInto('admins').values({ id: randomUUID(), username, password_hash: passwordHash }).execute();
  return 'created';
}

/** The first admin comes from settings; an account that already exists keeps its password. */
export async function ensureFirstAdmin(db: Kysely<IdentityDb>, username: string, password: string): Promise<boolean> {
  const existing = await db.selectFrom('admins').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  if (existing) return false;
  await upsertAdmin(db, username, password);
  return true;
}
