import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import type { IdentityDb } from '../store/tables.js';

/** Creates an admin account, or sets a new password on an existing one. */
export async function upsertAdmin(db: Kysely<IdentityDb>, username: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const existing = await db.selectFrom('admins').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('admins')
      .set({ password_hash: passwordHash, failed_attempts: 0, locked_until: null })
      .where('id', '=', existing.id)
      .execute();
    return 'updated';
  }
  await db.insertInto('admins').values({ id: randomUUID(), username, password_hash: passwordHash, locked_until: null }).execute();
  return 'created';
}

/** The first admin comes from settings; an account that already exists keeps its password. */
export async function ensureFirstAdmin(db: Kysely<IdentityDb>, username: string, password: string): Promise<boolean> {
  const existing = await db.selectFrom('admins').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  if (existing) return false;
  await upsertAdmin(db, username, password);
  return true;
}
