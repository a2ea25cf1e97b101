import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: the OWASP minimum), a few milliseconds here.
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function passwordMatches(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the username is unknown keeps the answer time the same as for a wrong password. */
export const DECOY_HASH = await hash('decoy password that matches nothing');
