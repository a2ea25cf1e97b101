import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, type JWTVerifyGetKey, jwtVerify } from 'jose';

/** An OpenID Connect provider whose ID tokens we accept. */
export interface TrustedIssuer {
  issuers: string[];
  audience: string;
  keys: JWTVerifyGetKey;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  /** An address the issuer says it verified (`email_verified`): a token without that is refused. */
  email: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export class SignInRejected extends Error {
  constructor(readonly reason: string) {
    super(`sign-in rejected: ${reason}`);
    this.name = 'SignInRejected';
  }
}

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export function googleIssuer(clientId: string, jwksUrl: string): TrustedIssuer {
  return {
    issuers: GOOGLE_ISSUERS,
    audience: clientId,
    keys: createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 6 * 60 * 60_000 }),
  };
}

export function localIssuer(issuer: string, audience: string, jwks: { keys: object[] }): TrustedIssuer {
  return {
    issuers: [issuer],
    audience,
    keys: createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]),
  };
}

/**
 * Verifies an ID token's signature against its issuer's keys, and its issuer, audience and expiry. The identity comes
 * from the verified claims only, never from anything else in the request.
 */
export async function verifyIdToken(token: string, trusted: TrustedIssuer[]): Promise<VerifiedIdentity> {
  let claimedIssuer: string | undefined;
  try {
    claimedIssuer = decodeJwt(token).iss;
  } catch {
    throw new SignInRejected('not a JWT');
  }
  const issuer = trusted.find((candidate) => claimedIssuer && candidate.issuers.includes(claimedIssuer));
  if (!issuer) throw new SignInRejected('unknown issuer');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, issuer.keys, {
      issuer: issuer.issuers,
      audience: issuer.audience,
      algorithms: ['RS256', 'ES256'],
      clockTolerance: 30,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    throw new SignInRejected((error as { code?: string }).code ?? 'invalid token');
  }
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!email) throw new SignInRejected('no email');
  // Every issuer, the development one too: the sign-in email decides early access and which address may register,
  // so an address nobody proved to own must not become one (docs/decisions/0018).
  if (payload.email_verified !== true) throw new SignInRejected('email not verified');
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : undefined);
  return {
    issuer: payload.iss as string,
    subject: payload.sub as string,
    email,
    ...(text('name') ? { name: text('name') } : {}),
    ...(text('given_name') ? { given_name: text('given_name') } : {}),
    ...(text('family_name') ? { family_name: text('family_name') } : {}),
    ...(text('picture') ? { picture: text('picture') } : {}),
  };
}
