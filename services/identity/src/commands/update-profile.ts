import type { UpdateProfileRequest } from '@elts/contracts';
import { type EventStore, handle, type Refusal } from '@elts/platform';
import { memberDecider, memberStream } from '../domain/member.js';
import { projectMemberEvent } from '../store/members-projection.js';
import type { IdentityDb } from '../store/tables.js';
import { type ContactChangeDeps, type PendingText, requestContactChange } from './contact-change.js';

/**
 * Decides on the member's own stream (platform's `handle`: read, decide, append at the version read, project, in one
 * transaction). A new email or a new mobile in place of the member's own is not applied here: each is sent a
 * confirmation link (the mail queued in the same transaction, the text message once it has committed), and resolves
 * as `emailChange` or `mobileChange`. A refusal (no such member, a rule of the form) is answered, for the route's
 * `unlessRefused`.
 */
export async function updateProfile(
  events: EventStore<IdentityDb>,
  deps: ContactChangeDeps,
  memberId: string,
  request: UpdateProfileRequest,
): Promise<{ emailChange?: string; mobileChange?: string } | { refusal: Refusal }> {
  let pendingText: PendingText | undefined;
  const updated = await handle(
    events,
    memberDecider,
    memberStream(memberId),
    { kind: 'update-profile', request },
    {
      metadata: { actor: `member:${memberId}` },
      project: projectMemberEvent,
      alongside: async ({ db }, { effects }) => {
        pendingText = undefined;
        if (effects?.emailChange) await requestContactChange(db, deps, memberId, 'email', effects.emailChange);
        if (effects?.mobileChange) pendingText = await requestContactChange(db, deps, memberId, 'mobile', effects.mobileChange);
      },
    },
  );
  if (updated.refusal) return { refusal: updated.refusal };
  if (pendingText) await deps.texts.send(pendingText);
  const { emailChange, mobileChange } = updated.effects ?? {};
  return { ...(emailChange ? { emailChange } : {}), ...(mobileChange ? { mobileChange } : {}) };
}
