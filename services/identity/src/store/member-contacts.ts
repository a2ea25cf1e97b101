import type { Kysely } from 'kysely';
import type { IdentityDb } from './tables.js';

/** A member's contact address and first name, for the letters written to them. */
export function memberMailContact(db: Kysely<IdentityDb>, memberId: string) {
  return db.selectFrom('members').select(['email', 'firstname']).where('id', '=', memberId).executeTakeFirst();
}

/** A member's contact address, first name and mobile number, for shipping updates. */
export function memberShippingContact(db: Kysely<IdentityDb>, memberId: string) {
  return db.selectFrom('members').select(['email', 'firstname', 'mobile']).where('id', '=', memberId).executeTakeFirst();
}
