import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { Generated, Kysely } from 'kysely';

export const DEV_IDP_AUDIENCE = 'elts-dev-sign-in';

interface DevIdpTables {
  dev_idp_keys: { kid: string; private_jwk: JWK; public_jwk: JWK; created_at: Generated<Date> };
}

export interface DevIdentityProvider {
  issuer: string;
  jwks: { keys: JWK[] };
  mint(claims: { email: string; name: string }): Promise<string>;
}

/**
 * The development identity provider: an OpenID Connect issuer in our own service, for every environment but
 * production. Its key is kept in the database so every instance signs and verifies alike. Its tokens go through the
 * same verification as Google's.
 */
export async function openDevIdentityProvider(db: Kysely<DevIdpTables>, issuer: string): Promise<DevIdentityProvider> {
  let row = await db.selectFrom('dev_idp_keys').selectAll().orderBy('created_at').executeTakeFirst();
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = randomUUID();
    await db
      .insertInto('dev_idp_keys')
      .values({
        kid,
        private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid }) as never,
        public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }) as never,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    row = await db.selectFrom('dev_idp_keys').selectAll().orderBy('created_at').executeTakeFirstOrThrow();
  }
  const privateKey = await importJWK(row.private_jwk, 'ES256');
  const kid = row.kid;
  return {
    issuer,
    jwks: { keys: [row.public_jwk] },
    async mint({ email, name }) {
      const normalised = email.trim().toLowerCase();
      const words = name.trim().split(/\s+/).filter(Boolean);
      return new SignJWT({
        email: normalised,
        email_verified: true,
        name: name.trim(),
        given_name: words[0] ?? '',
        family_name: words.slice(1).join(' '),
      })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setIssuer(issuer)
        .setAudience(DEV_IDP_AUDIENCE)
        .setSubject(`dev|${normalised}`)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
    },
  };
}
