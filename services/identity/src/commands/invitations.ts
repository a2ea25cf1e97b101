import { AppError, type Clock, createStream, type EventStore } from '@elts/platform';
import type { Kysely } from 'kysely';
import { invitationStream, newInvitationCode, startOfIndianMonth } from '../domain/invitations.js';
import type { IdentityEvent } from '../domain/member.js';
import { countMemberInvitationsSince, insertInvitation, lockMemberInvitations } from '../store/invitations.js';
import type { IdentityDb } from '../store/tables.js';

export interface InvitationRules {
  events: EventStore<IdentityDb>;
  perMonth: number;
  validDays: number;
  publicUrl: string;
  /** Invitations' expiry and the month their allowance counts in. */
  clock: Clock;
}

export type Inviter = { kind: 'member' | 'admin'; id: string };

export const invitationLink = (publicUrl: string, code: string) => `${publicUrl.replace(/\/$/, '')}/?invite=${code}`;

/** Creates `count` invitations. Members have a monthly allowance (calendar months in India); admins do not. */
export async function createInvitations(rules: InvitationRules, inviter: Inviter, count: number) {
  const now = rules.clock.now();
  const expiresAt = new Date(now.getTime() + rules.validDays * 24 * 60 * 60_000);
  return rules.events.transact(async (unit) => {
    const { db } = unit;
    if (inviter.kind === 'member') {
      // One member's requests take turns, so two at once cannot both squeeze under the allowance.
      await lockMemberInvitations(db, inviter.id);
      const used = await usedThisMonth(db, inviter.id, now);
      if (used + count > rules.perMonth) {
        throw new AppError(429, 'allowance_used', `You have used this month's ${rules.perMonth} invitations. New ones arrive next month.`);
      }
    }
    const created = [];
    for (let i = 0; i < count; i++) {
      const code = newInvitationCode();
      const invited: IdentityEvent = { type: 'InvitationCreated', data: { code, createdBy: inviter, expiresAt: expiresAt.toISOString() } };
      const [event] = await createStream(unit, invitationStream(code), () => [invited], {
        metadata: { actor: `${inviter.kind}:${inviter.id}` },
      });
      // Two draws of one random code are all but impossible; should it happen, never hand out someone else's.
      if (!event) throw new Error('an invitation code was drawn twice');
      await insertInvitation(db, {
        code,
        createdByKind: inviter.kind,
        createdBy: inviter.id,
        createdAt: event.recordedAt,
        expiresAt,
      });
      created.push({ code, link: invitationLink(rules.publicUrl, code), expires_at: expiresAt.toISOString() });
    }
    return created;
  });
}

export function usedThisMonth(db: Kysely<IdentityDb>, memberId: string, now: Date): Promise<number> {
  return countMemberInvitationsSince(db, memberId, startOfIndianMonth(now));
}
