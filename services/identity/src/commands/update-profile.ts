import type { UpdateProfileRequest } from '@elts/contracts';
import { type EventStore, notFound, retryOnConcurrency } from '@elts/platform';
import { decideProfileUpdate, foldMember, memberStream } from '../domain/member.js';
import { projectMemberEvent } from '../store/members-projection.js';
import type { IdentityDb } from '../store/tables.js';
import { type ContactChangeDeps, type PendingText, requestContactChange } from './contact-change.js';

/**
 * Decides from the member's own stream, appends at the version it read, and projects in the same transaction. A new
 * email or a new mobile in place of the member's own is not applied here: each is sent a confirmation link (the mail
 * queued in the same transaction, the text message once it has committed), and resolves as `emailChange` or
 * `mobileChange`.
 */
export async function updateProfile(
  events: EventStore<IdentityDb>,
  deps: ContactChangeDeps,
  memberId: string,
  request: UpdateProfileRequest,
): Promise<{ emailChange?: string; mobileChange?: string }> {
  const { pendingText, ...changes } = await retryOnConcurrency(() =>
    events.transact(async ({ db, append, readStream }) => {
      const history = await readStream(memberStream(memberId));
      const state = foldMember(history);
      if (!state) throw notFound('Member not found');
      const decision = decideProfileUpdate(state, request);
      const decided = decision.events.map((event) => ({ ...event, metadata: { actor: `member:${memberId}` } }));
      const stored = await append(memberStream(memberId), history.length, decided);
      for (const event of stored) await projectMemberEvent(db, event);
      const { emailChange, mobileChange } = decision;
      if (emailChange) await requestContactChange(db, deps, memberId, 'email', emailChange);
      const text: PendingText | undefined = mobileChange
        ? await requestContactChange(db, deps, memberId, 'mobile', mobileChange)
        : undefined;
      return { ...(emailChange ? { emailChange } : {}), ...(mobileChange ? { mobileChange } : {}), pendingText: text };
    }),
  );
  if (pendingText) await deps.texts.send(pendingText);
  return changes;
}
