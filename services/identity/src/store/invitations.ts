import { type Kysely, sql } from 'kysely';
import type { IdentityDb } from './tables.js';

/** One member's invitation requests take turns until the transaction ends. */
export async function lockMemberInvitations(db: Kysely<IdentityDb>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`invitations:${memberId}`}))`.execute(db);
}

export async function insertInvitation(
  db: Kysely<IdentityDb>,
  invitation: { code: string; createdByKind: 'member' | 'admin'; createdBy: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      code: invitation.code,
      created_by_kind: invitation.createdByKind,
      created_by: invitation.createdBy,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
      redeemed_by: null,
      redeemed_at: null,
    })
    .execute();
}

/** How many invitations a member has created since `since`. */
export async function countMemberInvitationsSince(db: Kysely<IdentityDb>, memberId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_by_kind', '=', 'member')
    .where('created_by', '=', memberId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The invitation with this code, if it is neither redeemed nor expired at `now`. */
export async function findUsableInvitation(db: Kysely<IdentityDb>, code: string, now: Date) {
  return db
    .selectFrom('invitations')
    .select('code')
    .where('code', '=', code)
    .where('redeemed_by', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the invitation redeemed by the member unless someone redeemed it first; whether this call did. */
export async function redeemInvitation(db: Kysely<IdentityDb>, code: string, memberId: string, at: Date): Promise<boolean> {
  const redeemed = await db
    .updateTable('invitations')
    .set({ redeemed_by: memberId, redeemed_at: at })
    .where('code', '=', code)
    .where('redeemed_by', 'is', null)
    .executeTakeFirst();
  return Number(redeemed.numUpdatedRows) === 1;
}

/** The invitations a member created, newest first (the last 100). */
export function memberInvitations(db: Kysely<IdentityDb>, memberId: string) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('created_by_kind', '=', 'member')
    .where('created_by', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}
