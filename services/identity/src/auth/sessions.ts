import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

export type Realm = 'member' | 'admin';

interface SessionTables {
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

const hash = (token: string) => createHash('sha256').update(token).digest();

/** Opaque session tokens: 256 random bits handed out once, only their hashes kept. */
export class Sessions {
  constructor(private readonly db: Kysely<SessionTables>) {}

  async start(realm: Realm, subjectId: string, lifetimeMs: number): Promise<{ id: string; token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await this.db
      .insertInto('sessions')
      .values({
        id,
        token_hash: hash(token),
        realm,
        subject_id: subjectId,
        created_at: new Date(),
        expires_at: expiresAt,
        revoked_at: null,
      })
      .execute();
    return { id, token, expiresAt };
  }

  /** The live session a token belongs to, if any. `realm` restricts which realm the token may be. */
  async resolve(token: string, realm?: Realm): Promise<{ id: string; realm: Realm; subjectId: string } | undefined> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    let query = this.db
      .selectFrom('sessions')
      .select(['id', 'realm', 'subject_id'])
      .where('token_hash', '=', hash(token))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`);
    if (realm) query = query.where('realm', '=', realm);
    const row = await query.executeTakeFirst();
    return row ? { id: row.id, realm: row.realm, subjectId: row.subject_id } : undefined;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of a member or admin ("log out everywhere"). */
  async revokeAll(realm: Realm, subjectId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('realm', '=', realm)
      .where('subject_id', '=', subjectId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
