import type { UpdateProfileRequest } from '@elts/contracts';
import { conflict, type EventStore, notFound, retryOnConcurrency } from '@elts/platform';
import { decideProfileUpdate, foldMember, memberStream } from '../domain/member.js';
import { projectMemberEvent } from '../store/members-projection.js';
import type { IdentityDb } from '../store/tables.js';

/** Decides from the member's own stream, appends at the version it read, and projects in the same transaction. */
export async function updateProfile(events: EventStore<IdentityDb>, memberId: string, request: UpdateProfileRequest): Promise<void> {
  try {
    await retryOnConcurrency(() =>
      events.transact(async ({ db, append, readStream }) => {
        const history = await readStream(memberStream(memberId));
        const state = foldMember(history);
        if (!state) throw notFound('Member not found');
        const decided = decideProfileUpdate(state, request).map((event) => ({ ...event, metadata: { actor: `member:${memberId}` } }));
        const stored = await append(memberStream(memberId), history.length, decided);
        for (const event of stored) await projectMemberEvent(db, event);
      }),
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict('That email address is already used by another member.');
    throw error;
  }
}
