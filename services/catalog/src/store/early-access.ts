import type { Kysely } from 'kysely';
import type { CatalogDb } from './tables.js';

export async function addEarlyAccess(db: Kysely<CatalogDb>, entry: { email: string; addedBy: string; addedAt: Date }): Promise<void> {
  await db
    .insertInto('early_access')
    .values({ email: entry.email, added_by: entry.addedBy, added_at: entry.addedAt })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeEarlyAccess(db: Kysely<CatalogDb>, email: string): Promise<void> {
  await db.deleteFrom('early_access').where('email', '=', email).execute();
}

/** The list, oldest first, each address with the member who signs in with it (if any). */
export function earlyAccessRows(db: Kysely<CatalogDb>) {
  return db
    .selectFrom('early_access as e')
    .leftJoin('members as m', (join) => join.on((eb) => eb(eb.fn('lower', ['m.email']), '=', eb.ref('e.email'))))
    .select(['e.email', 'e.added_by', 'e.added_at', 'm.member_id'])
    .orderBy('e.added_at')
    .orderBy('e.email')
    .execute();
}

/** Which of these (lower-cased) addresses are on the list. */
export async function earlyAccessAmong(db: Kysely<CatalogDb>, emails: string[]): Promise<Set<string>> {
  return new Set((await db.selectFrom('early_access').select('email').where('email', 'in', emails).execute()).map((row) => row.email));
}

/** Is the address (compared lower-cased) on the list? */
export async function isOnEarlyAccessList(db: Kysely<CatalogDb>, email: string): Promise<boolean> {
  const row = await db.selectFrom('early_access').select('email').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return Boolean(row);
}
