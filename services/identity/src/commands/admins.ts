import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import { findAdminIdByUsername, forgetUsernameSignInFailures, insertAdminUnlessTaken, setAdminPassword } from '../store/admins.js';
import type { IdentityDb } from '../store/tables.js';

/**
 * Creates an admin account, or sets a new password on an existing one. Either way the username's failed sign-ins
 * are forgotten: setting a password is how an operator lets a locked-out admin back in at once.
 */
export async function upsertAdmin(db: Kysely<IdentityDb>, username: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  await forgetUsernameSignInFailures(db, username);
  if (await insertAdminUnlessTaken(db, { id: randomUUID(), username, passwordHash })) return 'created';
  const existing = await findAdminIdByUsername(db, username);
  if (!existing) throw new Error(`the admin ${username} was neither added nor found`);
  await setAdminPassword(db, existing.id, passwordHash);
  return 'updated';
}

/**
 * The first admin comes from settings; an account that already exists keeps its password. Safe for instances that
 * start at once: one adds it, the others find it taken (issue 32).
 */
export async function ensureFirstAdmin(db: Kysely<IdentityDb>, username: string, password: string): Promise<boolean> {
  // Most starts find it: no password is hashed for nothing.
  if (await findAdminIdByUsername(db, username)) return false;
  const created = await insertAdminUnlessTaken(db, { id: randomUUID(), username, passwordHash: await hashPassword(password) });
  if (created) await forgetUsernameSignInFailures(db, username);
  return created;
}
