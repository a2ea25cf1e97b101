import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findLiveSession, insertSession, type Realm, revokeSession, revokeSubjectSessions, type SessionTables } from '../store/sessions.js';

export type { Realm };

const hash = (token: string) => createHash('sha256').update(token).digest();

/** Opaque session tokens: 256 random bits handed out once, only their hashes kept. */
export class Sessions {
  constructor(private readonly db: Kysely<SessionTables>) {}

  async start(realm: Realm, subjectId: string, lifetimeMs: number): Promise<{ id: string; token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await insertSession(this.db, { id, tokenHash: hash(token), realm, subjectId, createdAt: new Date(), expiresAt });
    return { id, token, expiresAt };
  }

  /** The live session a token belongs to, if any. `realm` restricts which realm the token may be. */
  async resolve(token: string, realm?: Realm): Promise<{ id: string; realm: Realm; subjectId: string } | undefined> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    const row = await findLiveSession(this.db, hash(token), realm);
    return row ? { id: row.id, realm: row.realm, subjectId: row.subject_id } : undefined;
  }

  async revoke(sessionId: string): Promise<void> {
    await revokeSession(this.db, sessionId);
  }

  /** Ends every session of a member or admin ("log out everywhere"). */
  async revokeAll(realm: Realm, subjectId: string): Promise<void> {
    await revokeSubjectSessions(this.db, realm, subjectId);
  }
}
