import type { UpdateProfileRequest } from '@elts/contracts';
import { type EventStore, notFound, retryOnConcurrency } from '@elts/platform';
import { decideProfileUpdate, foldMember, memberStream } from '../domain/member.js';
import { projectMemberEvent } from '../store/members-projection.js';
import type { IdentityDb } from '../store/tables.js';
import { type EmailChangeDeps, requestEmailChange } from './email-change.js';

/**
 * Decides from the member's own stream, appends at the version it read, and projects in the same transaction. A new
 * email is not applied here: it is mailed a confirmation link in the same transaction, and resolves as `emailChange`.
 */
export async function updateProfile(
  events: EventStore<IdentityDb>,
  emailChange: EmailChangeDeps,
  memberId: string,
  request: UpdateProfileRequest,
): Promise<{ emailChange?: string }> {
  return retryOnConcurrency(() =>
    events.transact(async ({ db, append, readStream }) => {
      const history = await readStream(memberStream(memberId));
      const state = foldMember(history);
      if (!state) throw notFound('Member not found');
      const decision = decideProfileUpdate(state, request);
      const decided = decision.events.map((event) => ({ ...event, metadata: { actor: `member:${memberId}` } }));
      const stored = await append(memberStream(memberId), history.length, decided);
      for (const event of stored) await projectMemberEvent(db, event);
      if (!decision.emailChange) return {};
      await requestEmailChange(db, emailChange, memberId, decision.emailChange);
      return { emailChange: decision.emailChange };
    }),
  );
}
