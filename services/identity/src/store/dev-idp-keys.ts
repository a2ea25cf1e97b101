import type { JWK } from 'jose';
import type { Generated, Kysely } from 'kysely';

export interface DevIdpTables {
  dev_idp_keys: { kid: string; private_jwk: JWK; public_jwk: JWK; created_at: Generated<Date> };
}

/** The oldest signing key of the development identity provider, if one was made. */
export function findFirstDevIdpKey(db: Kysely<DevIdpTables>) {
  return db.selectFrom('dev_idp_keys').selectAll().orderBy('created_at').executeTakeFirst();
}

/** Stores a key unless one with its id exists. */
export async function insertDevIdpKey(db: Kysely<DevIdpTables>, key: { kid: string; privateJwk: JWK; publicJwk: JWK }): Promise<void> {
  await db
    .insertInto('dev_idp_keys')
    .values({
      kid: key.kid,
      private_jwk: JSON.stringify(key.privateJwk) as never,
      public_jwk: JSON.stringify(key.publicJwk) as never,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The oldest signing key; throws when there is none. */
export function firstDevIdpKey(db: Kysely<DevIdpTables>) {
  return db.selectFrom('dev_idp_keys').selectAll().orderBy('created_at').executeTakeFirstOrThrow();
}
