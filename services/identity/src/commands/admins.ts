import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import { findAdminIdByUsername, forgetUsernameSignInFailures, insertAdmin, setAdminPassword } from '../store/admins.js';
import type { IdentityDb } from '../store/tables.js';

/**
 * Creates an admin account, or sets a new password on an existing one. Either way the username's failed sign-ins
 * are forgotten: setting a password is how an operator lets a locked-out admin back in at once.
 */
export async function upsertAdmin(db: Kysely<IdentityDb>, username: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const existing = await findAdminIdByUsername(db, username);
  await forgetUsernameSignInFailures(db, username);
  if (existing) {
    await setAdminPassword(db, existing.id, passwordHash);
    return 'updated';
  }
  await insertAdmin(db, { id: randomUUID(), username, passwordHash });
  return 'created';
}

/** The first admin comes from settings; an account that already exists keeps its password. */
export async function ensureFirstAdmin(db: Kysely<IdentityDb>, username: string, password: string): Promise<boolean> {
  const existing = await findAdminIdByUsername(db, username);
  if (existing) return false;
  await upsertAdmin(db, username, password);
  return true;
}
