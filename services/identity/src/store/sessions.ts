import type { Kysely } from 'kysely';

export type Realm = 'member' | 'admin';

export interface SessionTables {
  sessions: {
    id: string;
    token_hash: Buffer;
    realm: Realm;
    subject_id: string;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
  };
}

export async function insertSession(
  db: Kysely<SessionTables>,
  session: { id: string; tokenHash: Buffer; realm: Realm; subjectId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      token_hash: session.tokenHash,
      realm: session.realm,
      subject_id: session.subjectId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** The unrevoked, unexpired sessions with these token hashes, in one read. */
export async function findLiveSessions(db: Kysely<SessionTables>, tokenHashes: Buffer[], now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'realm', 'subject_id', 'token_hash'])
    .where('token_hash', 'in', tokenHashes)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function revokeSession(db: Kysely<SessionTables>, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of one member or admin. */
export async function revokeSubjectSessions(db: Kysely<SessionTables>, realm: Realm, subjectId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('realm', '=', realm)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null)
    .execute();
}
