import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { type DevIdpTables, findFirstDevIdpKey, firstDevIdpKey, insertDevIdpKey } from '../store/dev-idp-keys.js';

export const DEV_IDP_AUDIENCE = 'elts-dev-sign-in';

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
  let row = await findFirstDevIdpKey(db);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = randomUUID();
    await insertDevIdpKey(db, {
      kid,
      privateJwk: { ...(await exportJWK(privateKey)), kid },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
    });
    row = await firstDevIdpKey(db);
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
