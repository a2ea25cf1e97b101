import { AppError, type EventStore } from '@elts/platform';
import { sql } from 'kysely';
import { invitationStream, newInvitationCode, startOfIndianMonth } from '../domain/invitations.js';
import type { IdentityDb } from '../store/tables.js';

export interface InvitationRules {
  events: EventStore<IdentityDb>;
  perMonth: number;
  validDays: number;
  publicUrl: string;
}

export type Inviter = { kind: 'member' | 'admin'; id: string };

export const invitationLink = (publicUrl: string, code: string) => `${publicUrl.replace(/\/$/, '')}/?invite=${code}`;

/** Creates `count` invitations. Members have a monthly allowance (calendar months in India); admins do not. */
export async function createInvitations(rules: InvitationRules, inviter: Inviter, count: number) {
  const expiresAt = new Date(Date.now() + rules.validDays * 24 * 60 * 60_000);
  return rules.events.transact(async ({ db, append }) => {
    if (inviter.kind === 'member') {
      // One member's requests take turns, so two at once cannot both squeeze under the allowance.
      await sql`select pg_advisory_xact_lock(hashtext(${`invitations:${inviter.id}`}))`.execute(db);
      const used = await usedThisMonth(db, inviter.id);
      if (used + count > rules.perMonth) {
        throw new AppError(429, 'allowance_used', `You have used this month's ${rules.perMonth} invitations. New ones arrive next month.`);
      }
    }
    const created = [];
    for (let i = 0; i < count; i++) {
      const code = newInvitationCode();
      const [event] = await append(invitationStream(code), 0, [
        {
          type: 'InvitationCreated',
          data: { code, createdBy: inviter, expiresAt: expiresAt.toISOString() },
          metadata: { actor: `${inviter.kind}:${inviter.id}` },
        },
      ]);
      await db
        .insertInto('invitations')
        .values({
          code,
          created_by_kind: inviter.kind,
          created_by: inviter.id,
          created_at: event!.recordedAt,
          expires_at: expiresAt,
          redeemed_by: null,
          redeemed_at: null,
        })
        .execute();
      created.push({ code, link: invitationLink(rules.publicUrl, code), expires_at: expiresAt.toISOString() });
    }
    return created;
  });
}

export async function usedThisMonth(db: import('kysely').Kysely<IdentityDb>, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_by_kind', '=', 'member')
    .where('created_by', '=', memberId)
    .where('created_at', '>=', startOfIndianMonth(new Date()))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
