import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mayBeSessionToken } from '@elts/contracts';
import { type Clock, ReadBatcher } from '@elts/platform';
import type { Kysely } from 'kysely';
import {
  findLiveSessions,
  insertSession,
  type Realm,
  revokeSession,
  revokeSubjectSessions,
  type SessionTables,
} from '../store/sessions.js';

export type { Realm };

const hash = (token: string) => createHash('sha256').update(token).digest();

/** Tokens handed out by `start` are 43 characters; one much shorter is no one's, like one that is not a token at all. */
const SHORTEST_TOKEN = 20;

/** Opaque session tokens: 256 random bits handed out once, only their hashes kept. */
export class Sessions {
  /** Every request reads its session: under a burst, the reads of those that arrive together are one (0074). */
  private readonly live: ReadBatcher<{ id: string; realm: Realm; subjectId: string }>;

  /** `clock`: a session's start and expiry are business time, as a test's ManualClock sets it. */
  constructor(
    private readonly db: Kysely<SessionTables>,
    private readonly clock: Clock,
  ) {
    this.live = new ReadBatcher(async (hashes) => {
      const rows = await findLiveSessions(
        this.db,
        hashes.map((hex) => Buffer.from(hex, 'hex')),
        this.clock.now(),
      );
      return new Map(
        rows.map((row) => [Buffer.from(row.token_hash).toString('hex'), { id: row.id, realm: row.realm, subjectId: row.subject_id }]),
      );
    });
  }

  async start(realm: Realm, subjectId: string, lifetimeMs: number): Promise<{ id: string; token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + lifetimeMs);
    await insertSession(this.db, { id, tokenHash: hash(token), realm, subjectId, createdAt: now, expiresAt });
    return { id, token, expiresAt };
  }

  /** The live session a token belongs to, if any. `realm` restricts which realm the token may be. */
  async resolve(token: string, realm?: Realm): Promise<{ id: string; realm: Realm; subjectId: string } | undefined> {
    if (token.length < SHORTEST_TOKEN || !mayBeSessionToken(token)) return undefined;
    const session = await this.live.get(hash(token).toString('hex'));
    return session && (!realm || session.realm === realm) ? session : undefined;
  }

  async revoke(sessionId: string): Promise<void> {
    await revokeSession(this.db, sessionId, this.clock.now());
  }

  /** Ends every session of a member or admin ("log out everywhere"). */
  async revokeAll(realm: Realm, subjectId: string): Promise<void> {
    await revokeSubjectSessions(this.db, realm, subjectId, this.clock.now());
  }
}
