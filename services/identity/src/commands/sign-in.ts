import { randomUUID } from 'node:crypto';
import { AppError, type Clock, ConcurrencyError, conflict, createStream, type EventStore, forbidden, Refused } from '@elts/platform';
import type { VerifiedIdentity } from '../auth/id-token.js';
import { invitationStream, registrationRefusal } from '../domain/invitations.js';
import { type IdentityEvent, memberStream, namesFromClaims } from '../domain/member.js';
import { findUsableInvitation, redeemInvitation } from '../store/invitations.js';
import { findMemberBySignInEmail, lastMemberNumber, lockMemberNumbers } from '../store/member-registrations.js';
import type { MembersView } from '../store/members-projection.js';
import { projectMemberEvent } from '../store/members-projection.js';
import type { IdentityDb, MembersTable } from '../store/tables.js';

export interface SignInDeps {
  events: EventStore<IdentityDb>;
  members: MembersView;
  registrationCap: number;
  clock: Clock;
}

/** Said to someone whose verified address another member already signs in with, through another provider account. */
export const SIGN_IN_EMAIL_HELD =
  'This email address already belongs to a member who signs in with another account. Please sign in the way you did when you joined.';

/**
 * Finds the member a verified identity belongs to, by the provider's subject only, or registers a new one with the
 * next permanent member number. Past the registration cap, a new member needs an unused invitation. An email never
 * opens an existing account: the contact address is anyone's to type, and a verified address that another member
 * signs in with under another subject is refused rather than linked (docs/decisions/0018).
 */
export async function signIn(
  deps: SignInDeps,
  identity: VerifiedIdentity,
  invitationCode: string | undefined,
): Promise<{ member: MembersTable; isNew: boolean }> {
  const existing = await deps.members.byProvider(identity.issuer, identity.subject);
  if (existing) return { member: existing, isNew: false };
  try {
    return { member: await register(deps, identity, invitationCode), isNew: true };
  } catch (error) {
    // The same person signing in twice at once: the other request registered them (this one then found the address
    // held, or lost the race for the number or the subject).
    const racedIn = await deps.members.byProvider(identity.issuer, identity.subject);
    if (
      racedIn &&
      (error instanceof ConcurrencyError ||
        error instanceof AppError ||
        error instanceof Refused ||
        (error as { code?: string }).code === '23505')
    )
      return { member: racedIn, isNew: false };
    throw error;
  }
}

async function register(deps: SignInDeps, identity: VerifiedIdentity, invitationCode: string | undefined): Promise<MembersTable> {
  const memberId = randomUUID();
  await deps.events.transact(async (unit) => {
    const { db } = unit;
    // Member numbers are permanent and gapless, so registrations take their numbers one at a time.
    await lockMemberNumbers(db);
    const last = await lastMemberNumber(db);
    // Under the same lock, so two registrations of one address cannot both find it free.
    const holder = await findMemberBySignInEmail(db, identity.email);
    if (holder) throw conflict(SIGN_IN_EMAIL_HELD);
    const invitation = invitationCode ? await findUsableInvitation(db, invitationCode, deps.clock.now()) : undefined;
    const refusal = registrationRefusal(last, deps.registrationCap, invitation ? 'valid' : invitationCode ? 'unusable' : 'none');
    if (refusal) throw forbidden(refusal);
    const { firstname, lastname } = namesFromClaims(identity);
    const registered: IdentityEvent = {
      type: 'MemberRegistered',
      data: {
        memberId,
        memberNumber: last + 1,
        email: identity.email,
        firstname,
        lastname,
        profileImage: identity.picture ?? null,
        identityProvider: { issuer: identity.issuer, subject: identity.subject },
        invitationCode: invitation && invitationCode ? invitationCode : null,
      },
    };
    await createStream(unit, memberStream(memberId), () => [registered], {
      metadata: { actor: `member:${memberId}` },
      project: projectMemberEvent,
    });
    if (invitation && invitationCode) {
      await unit.append(invitationStream(invitationCode), 1, [{ type: 'InvitationRedeemed', data: { code: invitationCode, memberId } }]);
      if (!(await redeemInvitation(db, invitationCode, memberId, deps.clock.now())))
        throw conflict('This invitation was just used by someone else.');
    }
  });
  const member = await deps.members.byId(memberId);
  if (!member) throw new Error('registered member not found');
  return member;
}
