import { randomUUID } from 'node:crypto';
import { AppError, ConcurrencyError, type EventStore, forbidden, sql } from '@elts/platform';
import type { VerifiedIdentity } from '../auth/id-token.js';
import { invitationStream, registrationRefusal } from '../domain/invitations.js';
import { memberStream, namesFromClaims } from '../domain/member.js';
import type { MembersView } from '../store/members-projection.js';
import { projectMemberEvent } from '../store/members-projection.js';
import type { IdentityDb, MembersTable } from '../store/tables.js';

export interface SignInDeps {
  events: EventStore<IdentityDb>;
  members: MembersView;
  registrationCap: number;
}

/**
 * Finds the member a verified identity belongs to (by provider subject, then by verified email), or registers a new
 * one with the next permanent member number. Past the registration cap, a new member needs an unused invitation.
 */
export async function signIn(
  deps: SignInDeps,
  identity: VerifiedIdentity,
  invitationCode: string | undefined,
): Promise<{ member: MembersTable; isNew: boolean }> {
  const existing = (await deps.members.byProvider(identity.issuer, identity.subject)) ?? (await deps.members.byEmail(identity.email));
  if (existing) return { member: existing, isNew: false };
  try {
    return { member: await register(deps, identity, invitationCode), isNew: true };
  } catch (error) {
    // The same person signing in twice at once: the other request registered them.
    const racedIn = await deps.members.byProvider(identity.issuer, identity.subject);
    if (racedIn && (error instanceof ConcurrencyError || (error as { code?: string }).code === '23505'))
      return { member: racedIn, isNew: false };
    throw error;
  }
}

async function register(deps: SignInDeps, identity: VerifiedIdentity, invitationCode: string | undefined): Promise<MembersTable> {
  const memberId = randomUUID();
  await deps.events.transact(async ({ db, append }) => {
    // Member numbers are permanent and gapless, so registrations take their numbers one at a time.
    await sql`select pg_advisory_xact_lock(hashtext('identity.member_number'))`.execute(db);
    const { n, last } = (await db
      .selectFrom('members')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('member_number').as('last')])
      .executeTakeFirstOrThrow()) as { n: number; last: number | null };
    const invitation = invitationCode ? await usableInvitation(db, invitationCode) : undefined;
    const refusal = registrationRefusal(Number(n), deps.registrationCap, invitation ? 'valid' : invitationCode ? 'unusable' : 'none');
    if (refusal) throw forbidden(refusal);
    const { firstname, lastname } = namesFromClaims(identity);
    const [registered] = await append(memberStream(memberId), 0, [
      {
        type: 'MemberRegistered',
        data: {
          memberId,
          memberNumber: Number(last ?? 0) + 1,
          email: identity.email,
          firstname,
          lastname,
          profileImage: identity.picture ?? null,
          identityProvider: { issuer: identity.issuer, subject: identity.subject },
          invitationCode: invitation ? invitationCode : null,
        },
        metadata: { actor: `member:${memberId}` },
      },
    ]);
    await projectMemberEvent(db, registered!);
    if (invitation && invitationCode) {
      await append(invitationStream(invitationCode), 1, [{ type: 'InvitationRedeemed', data: { code: invitationCode, memberId } }]);
      const redeemed = await db
        .updateTable('invitations')
        .set({ redeemed_by: memberId, redeemed_at: new Date() })
        .where('code', '=', invitationCode)
        .where('redeemed_by', 'is', null)
        .executeTakeFirst();
      if (Number(redeemed.numUpdatedRows) !== 1) throw new AppError(409, 'conflict', 'This invitation was just used by someone else.');
    }
  });
  const member = await deps.members.byId(memberId);
  if (!member) throw new Error('registered member not found');
  return member;
}

async function usableInvitation(db: import('kysely').Kysely<IdentityDb>, code: string) {
  return db
    .selectFrom('invitations')
    .select('code')
    .where('code', '=', code)
    .where('redeemed_by', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}
